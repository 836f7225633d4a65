import { accountDataSources } from './account-data';
import { indexSources } from './indexes';
import { paymentAccountSources } from './payment-accounts';
import { payoutSources } from './payout-breakdowns';
import { resourceEventSources } from './resource-events';
import type { SourceContext, SourceTable } from './source';

export type { SourceContext } from './source';

/** Every built export type's source (decisions 0037 and 0040); the compiler checks none is missing. */
export function exportSources(context: SourceContext): SourceTable {
  return {
    ...indexSources(context),
    ...resourceEventSources(context),
    ...payoutSources(context),
    ...paymentAccountSources(context),
    ...accountDataSources(context),
  };
}
