import type { MetaFunction } from '@remix-run/node';
import { translator, type FlowMessageKey, type Language } from '../../i18n/flow';

/** A page title in the payer's language: the step, then whom they are paying. */
export function flowMeta(titleKey: FlowMessageKey): MetaFunction {
  return ({ data }) => {
    const frame = (data as { frame?: { language: Language; creditorName: string } } | undefined)?.frame;
    if (!frame) return [{ title: 'bankflow' }];
    const t = translator(frame.language);
    return [{ title: `${t(titleKey)} – ${t('meta.title', { creditor: frame.creditorName })}` }];
  };
}
