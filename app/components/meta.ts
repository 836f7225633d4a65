import type { MetaFunction } from '@remix-run/node';
import { translator, type FlowMessageKey, type Language, type Translate } from '../../i18n/flow';

interface TitledData {
  frame?: { language: Language; creditorName: string; hasErrors?: boolean };
  /** Pages outside a payer's session (the phone's end of a bank hand-off) carry these directly. */
  language?: Language;
  creditorName?: string;
}

/**
 * A page title in the payer's language: the page's heading, then whom they are paying (GOV.UK:
 * the title matches the h1), after "Error: " when the form came back with messages. `heading`
 * is the h1's key, or for a page whose heading depends on what it shows, how to word it.
 */
export function flowMeta<Data = unknown>(
  heading: FlowMessageKey | ((data: Data, t: Translate) => string),
): MetaFunction {
  return ({ data }) => {
    const page = data as (Data & TitledData) | undefined;
    const language = page?.frame?.language ?? page?.language;
    const creditor = page?.frame?.creditorName ?? page?.creditorName;
    if (!page || !language || creditor === undefined) return [{ title: 'bankflow' }];
    const t = translator(language);
    const title = typeof heading === 'function' ? heading(page, t) : t(heading);
    const full = `${title} – ${t('meta.title', { creditor })}`;
    return [{ title: page.frame?.hasErrors ? t('common.error_title', { title: full }) : full }];
  };
}
