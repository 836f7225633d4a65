import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentOutboundImport, submitOutboundImport } from '../.server/dashboard/outbound-imports';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { CsrfForm } from '../components/Form';
import { Facts, money } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentOutboundImport(args);
export const action = (args: ActionFunctionArgs) => submitOutboundImport(args);

type Data = SerializeFrom<typeof loader>;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('imports.title', { id: data?.outboundImport.id ?? '' })} – ${t('dash.name')}` }];
};

/**
 * An outbound payment import's `authorisation_url`: its entries and sum, and to an admin the
 * buttons that authorise it (then the processing job makes its payments) or cancel it.
 */
export default function OutboundPaymentImport() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<Data & { error: string | null }>();
  const data = refused ?? loaded;
  const t = dashboardTranslator(data.frame.language);
  const { outboundImport: imp, frame } = data;
  const amount = (value: number) => money(frame.language, value, imp.currency);
  const validEntries = data.entries.filter((e) => !e.problems).length;
  return (
    <DashboardPage frame={frame} title={t('imports.title', { id: imp.id })}>
      <Notice text={data.done ? t(`imports.done.${data.done}`) : null} />
      {data.error ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p data-testid="refusal">{data.error}</p>
        </div>
      ) : null}
      <p>{t('imports.intro')}</p>
      <Facts
        rows={[
          [t('records.status'), <span data-testid="status">{imp.status}</span>],
          [t('imports.sum'), <span data-testid="sum">{amount(imp.amountSum)}</span>],
          [t('imports.entries'), t('imports.counts', { valid: imp.valid, total: imp.total })],
          [
            t('imports.payment'),
            imp.processed || imp.failed
              ? t('imports.processed_counts', { processed: imp.processed, failed: imp.failed })
              : null,
          ],
        ]}
      />
      {imp.status === 'invalid' ? <p data-testid="not-valid">{t('imports.not_valid')}</p> : null}
      {frame.role === 'admin' && data.offers.authorise ? (
        <CsrfForm csrf={frame.csrf} action={`/dashboard/outbound-payment-imports/${imp.id}`}>
          <p>{t('imports.authorise_hint', { count: validEntries, sum: amount(imp.amountSum) })}</p>
          <button type="submit" name="intent" value="authorise">
            {t('imports.authorise')}
          </button>
        </CsrfForm>
      ) : null}
      {frame.role === 'admin' && data.offers.cancel ? (
        <CsrfForm csrf={frame.csrf} action={`/dashboard/outbound-payment-imports/${imp.id}`}>
          <button type="submit" name="intent" value="cancel" className="warning">
            {t('imports.cancel')}
          </button>
        </CsrfForm>
      ) : null}
      <section aria-labelledby="entries">
        <h2 id="entries">{t('imports.entries')}</h2>
        <div className="table-scroll" role="region" aria-labelledby="entries" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('records.amount')}</th>
                <th scope="col">{t('imports.recipient')}</th>
                <th scope="col">{t('records.reference')}</th>
                <th scope="col">{t('imports.problem')}</th>
                <th scope="col">{t('imports.payment')}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id} data-testid="entry">
                  <td>{e.amount === null ? '' : amount(e.amount)}</td>
                  <td>{e.recipient ?? ''}</td>
                  <td>{e.reference ?? ''}</td>
                  <td>{e.problems ?? ''}</td>
                  <td>{e.payment ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </DashboardPage>
  );
}
