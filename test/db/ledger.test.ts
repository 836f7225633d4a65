import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/db';
import { postings } from '../../server/domain/ledger/postings';
import { insertEntries } from '../../server/domain/ledger/queries';
import { balancesOf, post } from '../../server/domain/ledger/service';
import { systemClock } from '../../server/domain/shared/clock';
import { createIdGenerator } from '../../server/domain/shared/ids';
import { createTestDatabase } from '../support/database';

/** The ledger on a real database: postings commit balanced or not at all, balances are sums. */
const ctx = { clock: systemClock, ids: createIdGenerator(systemClock) };
let db: Database;
let org: string;
let creditor: string;

beforeAll(async () => {
  db = await createTestDatabase();
  org = ctx.ids('organisation');
  creditor = ctx.ids('creditor');
  const now = new Date();
  await db.query('INSERT INTO organisations (id, name, created_at) VALUES ($1, $2, $3)', [org, 'Org', now]);
  await db.query(
    'INSERT INTO creditors (id, organisation_id, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
    [creditor, org, 'Cr', now],
  );
});
afterAll(() => db?.close());

const posting = (lines: ReturnType<(typeof postings)[keyof typeof postings]>, currency = 'GBP') => ({
  organisationId: org,
  creditorId: creditor,
  currency,
  lines,
});

describe('ledger', () => {
  it('answers each balance type per currency from the entries', async () => {
    await db.transaction(async (tx) => {
      await post(tx, ctx, posting(postings.paymentSubmitted(2500)));
      await post(tx, ctx, posting(postings.paymentSubmitted(1000)));
      await post(tx, ctx, posting(postings.paymentConfirmed(2500)));
      await post(tx, ctx, posting(postings.paymentSubmitted(700), 'EUR'));
    });
    const balances = await balancesOf(db, creditor);
    const amount = (currency: string, type: string) =>
      balances.find((b) => b.currency === currency && b.balance_type === type)?.amount;
    expect([
      amount('GBP', 'confirmed_funds'),
      amount('GBP', 'pending_payments_submitted'),
      amount('GBP', 'pending_payouts'),
    ]).toEqual([2500, 1000, 0]);
    expect([amount('EUR', 'confirmed_funds'), amount('EUR', 'pending_payments_submitted')]).toEqual([0, 700]);
  });

  it('refuses at commit a posting that does not balance, even written around the service', async () => {
    const before = await balancesOf(db, creditor);
    await expect(
      db.transaction((tx) =>
        insertEntries(
          tx,
          [
            {
              id: ctx.ids('ledgerEntry'),
              organisation_id: org,
              creditor_id: creditor,
              currency: 'GBP',
              posting_id: 'LPX',
              account: 'confirmed',
              amount: 5,
              item_type: null,
              payment_id: null,
              refund_id: null,
              mandate_id: null,
              payout_id: null,
            },
            {
              id: ctx.ids('ledgerEntry'),
              organisation_id: org,
              creditor_id: creditor,
              currency: 'GBP',
              posting_id: 'LPX',
              account: 'payer',
              amount: -4,
              item_type: null,
              payment_id: null,
              refund_id: null,
              mandate_id: null,
              payout_id: null,
            },
          ],
          new Date(),
        ),
      ),
    ).rejects.toThrow(/does not balance/);
    expect(await balancesOf(db, creditor)).toEqual(before);
  });
});
