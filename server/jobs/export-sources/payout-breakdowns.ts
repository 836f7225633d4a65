import { serializeEvent } from '../../api/wire/events';
import { serializePayment } from '../../api/wire/payments';
import { serializePayout } from '../../api/wire/payouts';
import type { Queryable } from '../../db/db';
import { PAYOUT_ITEM_TYPES } from '../../domain/ledger/postings';
import { payoutItemTotals, type LedgerEntryRow } from '../../domain/ledger/queries';
import type { ExportRow } from '../../domain/exports/types';
import type { PayoutRow } from '../../domain/payouts/types';
import { actorOf, loadEach, nestedPage, rangeOf, type Nested, type SourceContext, type TypeSource } from './source';

/** The payout's own columns every payout type starts with: what the bank statement line shows. */
const PAYOUT_COLUMNS = ['payout.id', 'payout.reference', 'payout.arrival_date', 'payout.status', 'payout.amount'];
const LINK_COLUMNS = ['links.payment', 'links.refund', 'links.mandate', 'links.outbound_payment'];
const PAYMENT_COLUMNS = ['payment.reference', 'payment.description', 'payment.charge_date'];

/**
 * The four payout types (decision 0040), each per payout created in the range in the export's
 * currency (newest first, through the payouts list), read inside the payout a page at a time:
 *
 * - `payout_transactions_breakdown`: one row per payout item (each credit and debit of the
 *   creditor's balance the payout took, oldest first): its type and signed amount in minor units.
 *   A payout's rows add up to its amount, because its items are its ledger entries.
 * - `payout_transactions_reconciliation`: the same lines with a running total, then one `payout`
 *   line per payout with its amount and the difference (0 when the items add up): what a merchant
 *   ticks against the bank statement line with the payout's reference.
 * - `payout_events_breakdown`: the events linked to each payout (its own, and each payment's
 *   `paid_out` into it), with the payment's amount.
 * - `payout_events_reconciliation`: one row per payout: its amount and what each kind of item
 *   added to or took from it, with their total and the difference (0 when reconciled).
 */
export function payoutSources({ services, pageSize }: SourceContext) {
  const payouts = (inner: Nested<PayoutRow>['inner']): Nested<PayoutRow> => ({
    async next(db, row, after) {
      const page = await services.payouts.list(
        db,
        actorOf(row),
        { createdAt: rangeOf(row), currency: row.currency },
        { after: after ?? undefined, limit: 1 },
      );
      return page.items[0];
    },
    find: (db, row, id) => services.payouts.get(db, actorOf(row), id),
    inner,
  });

  const paymentsOf = (db: Queryable, row: ExportRow, ids: (string | null)[]) =>
    loadEach(ids, async (id) => serializePayment(await services.payments.get(db, actorOf(row), id)));

  /** A page of a payout's items, oldest first, as rows with their payment's key fields. */
  async function itemRows(db: Queryable, row: ExportRow, payout: PayoutRow, after: string | null, limit: number) {
    const page = await services.payouts.items(db, actorOf(row), payout.id, { after: after ?? undefined, limit });
    const payments = await paymentsOf(
      db,
      row,
      page.items.map((item) => item.payment_id),
    );
    const rows = page.items.map((item: LedgerEntryRow) => ({
      payout: serializePayout(payout),
      currency: payout.currency,
      type: item.item_type,
      amount: Number(item.amount),
      links: {
        payment: item.payment_id,
        refund: item.refund_id,
        mandate: item.mandate_id,
        outbound_payment: item.outbound_payment_id,
      },
      payment: item.payment_id ? payments.get(item.payment_id) : undefined,
    }));
    return { rows, after: page.after };
  }

  const breakdown = payouts(async (db, row, payout, cursor, limit) => {
    const { rows, after } = await itemRows(db, row, payout, cursor, limit);
    return { rows, next: after };
  });

  /** Inner cursor: the last item read, the running total so far, and whether the items are done. */
  const reconciliation = payouts(async (db, row, payout, cursor, limit) => {
    const state: { after: string | null; total: number } = cursor ? JSON.parse(cursor) : { after: null, total: 0 };
    const items = await itemRows(db, row, payout, state.after, limit);
    const rows: Record<string, unknown>[] = items.rows.map((line) => {
      state.total += line.amount;
      return { line: 'item', ...line, running_total: state.total };
    });
    if (items.after) return { rows, next: JSON.stringify({ after: items.after, total: state.total }) };
    // The closing line may go one over the page size: it is one row, never a page.
    rows.push({
      line: 'payout',
      payout: serializePayout(payout),
      currency: payout.currency,
      type: 'payout',
      amount: payout.amount,
      running_total: state.total,
      difference: payout.amount - state.total,
    });
    return { rows, next: null };
  });

  const events = payouts(async (db, row, payout, cursor, limit) => {
    const page = await services.events.list(
      db,
      actorOf(row),
      { link: { key: 'payout', id: payout.id } },
      { after: cursor ?? undefined, limit },
    );
    const wire = page.items.map(serializeEvent);
    const payments = await paymentsOf(
      db,
      row,
      wire.map((event) => (event.links as Record<string, string | undefined>).payment ?? null),
    );
    const rows = wire.map((event) => ({
      payout: serializePayout(payout),
      currency: payout.currency,
      event,
      payment: payments.get((event.links as Record<string, string>).payment ?? ''),
    }));
    return { rows, next: page.cursors.after };
  });

  const totals = payouts(async (db, _row, payout) => {
    const byType = new Map((await payoutItemTotals(db, payout.id)).map((t) => [t.item_type, t.amount]));
    const itemsTotal = [...byType.values()].reduce((sum, amount) => sum + amount, 0);
    return {
      rows: [
        {
          payout: serializePayout(payout),
          currency: payout.currency,
          deducted_fees: payout.deducted_fees,
          ...Object.fromEntries(PAYOUT_ITEM_TYPES.map((type) => [type, byType.get(type) ?? 0])),
          items_total: itemsTotal,
          difference: payout.amount - itemsTotal,
        },
      ],
      next: null,
    };
  });

  const nested = (columns: readonly string[], spec: Nested<PayoutRow>): TypeSource => ({
    columns,
    page: (db, row, after) => nestedPage(spec, db, row, after, pageSize),
  });

  return {
    payout_transactions_breakdown: nested(
      [...PAYOUT_COLUMNS, 'currency', 'type', 'amount', ...LINK_COLUMNS, ...PAYMENT_COLUMNS],
      breakdown,
    ),
    payout_transactions_reconciliation: nested(
      [
        'line',
        ...PAYOUT_COLUMNS,
        'currency',
        'type',
        'amount',
        'running_total',
        'difference',
        ...LINK_COLUMNS,
        ...PAYMENT_COLUMNS,
      ],
      reconciliation,
    ),
    payout_events_breakdown: nested(
      [
        ...PAYOUT_COLUMNS,
        'currency',
        'event.id',
        'event.created_at',
        'event.resource_type',
        'event.action',
        'event.details.cause',
        'event.details.description',
        'event.links.payment',
        'payment.amount',
        'payment.reference',
      ],
      events,
    ),
    payout_events_reconciliation: nested(
      [...PAYOUT_COLUMNS, 'currency', 'deducted_fees', ...PAYOUT_ITEM_TYPES, 'items_total', 'difference'],
      totals,
    ),
  } satisfies Record<string, TypeSource>;
}
