import type { AppLoadContext as Context } from '@remix-run/node';
import type { DashboardUserRow } from '../../server/domain/dashboard-users/service';
import { MAX_ENTRY_ITEMS } from '../../server/domain/outbound-payment-imports/rules';
import { actorOf } from './dashboard-services';
import { inUnitOfWork as write } from './unit-of-work';

// The outbound payment import page's calls (decision 0043), beside the other dashboard services.

/** An outbound payment import and all its entries (at most `MAX_ENTRY_ITEMS`), oldest first (decision 0043). */
export async function outboundImportOf(c: Context, u: DashboardUserRow, id: string) {
  const { db, outboundPaymentImports } = c.services;
  const row = await outboundPaymentImports.get(db, actorOf(u), id);
  const page = await outboundPaymentImports.listEntries(db, actorOf(u), id, { limit: MAX_ENTRY_ITEMS });
  return { row, entries: [...page.items].reverse() };
}

/** A person's authorisation: the import starts processing; its event's source is the user. */
export const authoriseOutboundImport = (c: Context, u: DashboardUserRow, id: string) =>
  write(c, (tx) => c.services.outboundPaymentImports.authorise(tx, actorOf(u), u.id, id));

export const cancelOutboundImport = (c: Context, u: DashboardUserRow, id: string) =>
  write(c, (tx) => c.services.outboundPaymentImports.cancel(tx, actorOf(u), id));
