import type { ReactNode } from 'react';
import { dashboardTranslator, type DashboardMessageKey, type DashboardTranslate } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

/** Money in integer minor units, shown in the page's language (`€12.50`). */
export function money(language: Language, amount: number, currency: string) {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount / 100);
}

export interface ListFilter {
  q?: string;
  status?: string;
  from?: string;
  to?: string;
  mandate?: string;
  customer?: string;
  payment?: string;
  creditor?: string;
  [choice: string]: string | undefined;
}

export type LinkFilter = 'mandate' | 'customer' | 'payment' | 'creditor';
const LINK_LABELS = {
  mandate: 'records.mandate',
  customer: 'records.customer',
  payment: 'money.filter.payment',
  creditor: 'money.filter.creditor',
} as const;

/** A filter with a fixed set of values (a payout's currency, a refund's type), as a select. */
export interface FilterChoice {
  name: string;
  label: DashboardMessageKey;
  options: readonly string[];
}

/**
 * The filters of a list as a GET form (so a filtered list is a link, and works without
 * JavaScript): search, status, created from/to and, where the list has them, mandate and customer.
 * A field the server could not read is marked next to itself.
 */
export function FilterForm({
  language,
  action,
  filter,
  bad,
  statuses,
  links = [],
  choices = [],
  searchHint,
}: {
  language: Language;
  action: string;
  filter: ListFilter;
  bad: string[];
  statuses?: readonly string[];
  links?: LinkFilter[];
  choices?: FilterChoice[];
  searchHint: string;
}) {
  const t = dashboardTranslator(language);
  const select = (name: string, label: string, options: readonly string[], any: string) => (
    <div className={`field${bad.includes(name) ? ' field-error' : ''}`} key={name}>
      <label htmlFor={`filter-${name}`}>{label}</label>
      {bad.includes(name) ? (
        <p className="error-message" id={`filter-${name}-error`}>
          {t('records.bad_filter')}
        </p>
      ) : null}
      <select
        id={`filter-${name}`}
        name={name}
        defaultValue={filter[name] ?? ''}
        aria-describedby={bad.includes(name) ? `filter-${name}-error` : undefined}
      >
        <option value="">{any}</option>
        {options.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
  const field = (name: string, label: string, type = 'text', hint?: string) => (
    <div className={`field${bad.includes(name) ? ' field-error' : ''}`} key={name}>
      <label htmlFor={`filter-${name}`}>{label}</label>
      {hint ? (
        <p className="hint" id={`filter-${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {bad.includes(name) ? (
        <p className="error-message" id={`filter-${name}-error`}>
          {t('records.bad_filter')}
        </p>
      ) : null}
      <input
        id={`filter-${name}`}
        name={name}
        type={type}
        defaultValue={filter[name] ?? ''}
        aria-describedby={
          [hint ? `filter-${name}-hint` : '', bad.includes(name) ? `filter-${name}-error` : ''].join(' ').trim() ||
          undefined
        }
      />
    </div>
  );
  return (
    <form method="get" action={action} className="filters" role="search">
      {field('q', t('records.search'), 'search', searchHint)}
      {statuses ? select('status', t('records.status'), statuses, t('records.any_status')) : null}
      {choices.map((c) => select(c.name, t(c.label), c.options, t('money.any')))}
      {field('from', t('records.created_from'), 'date')}
      {field('to', t('records.created_to'), 'date')}
      {links.map((link) => field(link, t(LINK_LABELS[link])))}
      <button type="submit">{t('records.filter_submit')}</button>
    </form>
  );
}

/** Newer and older pages: the list's query with the page's cursor swapped in. */
export function Pager({
  t,
  base,
  query,
  cursors,
}: {
  t: DashboardTranslate;
  base: string;
  query: string;
  cursors: { before: string | null; after: string | null };
}) {
  const link = (key: 'before' | 'after', id: string) => {
    const params = new URLSearchParams(query);
    params.delete('before');
    params.delete('after');
    params.set(key, id);
    return `${base}?${params.toString()}`;
  };
  if (!cursors.before && !cursors.after) return null;
  return (
    <nav aria-label={t('records.pages')} className="pager">
      {cursors.before ? <a href={link('before', cursors.before)}>{t('records.newer')}</a> : null}{' '}
      {cursors.after ? <a href={link('after', cursors.after)}>{t('records.older')}</a> : null}
    </nav>
  );
}

export interface TimelineEvent {
  id: string;
  created: string;
  action: string;
  origin: string;
  description: string;
  source: string;
}

/** A record's events, newest first, as the API's events list has them. */
export function Timeline({ t, events }: { t: DashboardTranslate; events: TimelineEvent[] }) {
  return (
    <section aria-labelledby="timeline">
      <h2 id="timeline">{t('records.timeline')}</h2>
      {events.length ? (
        <ol className="timeline">
          {events.map((e) => (
            <li key={e.id} data-testid="event">
              <strong>{e.action}</strong> <span>{e.created}</span>
              <p>{e.description}</p>
              <p className="hint">
                {t('records.origin')}: {e.origin}
                {e.source ? ` · ${t('records.source')}: ${e.source}` : ''}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('records.no_events')}</p>
      )}
    </section>
  );
}

/** A definition list of a record's fields (label, value), skipping the empty ones. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

/** An admin's link, in the sandbox, to the scenario simulators with this record filled in. */
export function SimulateLink({
  frame,
  sandbox,
  id,
}: {
  frame: { language: Language; role: string };
  sandbox: boolean;
  id: string;
}) {
  if (!sandbox || frame.role !== 'admin') return null;
  const t = dashboardTranslator(frame.language);
  return (
    <p>
      <a href={`/dashboard/developers/simulators?resource=${id}`}>{t('money.action.simulate')}</a>
    </p>
  );
}
