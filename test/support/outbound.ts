import { expect } from 'vitest';
import type { Merchant } from './factories';
import { post } from './journeys';
import { activeMandate, collectedPayment } from './money';
import type { TestServer } from './server';

/** Outbound payments (issue #22): the merchant's confirmed GBP funds, recipients and a second token. */

const mandates = new Map<string, string>();

/** Adds `amount` to the merchant's confirmed GBP funds: a payment collected and confirmed. */
export async function fund(m: Merchant, amount: number): Promise<void> {
  let mandateId = mandates.get(m.creditorId);
  if (!mandateId) {
    mandateId = await activeMandate(m);
    mandates.set(m.creditorId, mandateId);
  }
  await collectedPayment(m, mandateId, amount, 'payment_confirmed');
}

let recipients = 0;

/** A GBP customer bank account of the merchant: each its own customer (the same sandbox details). */
export async function recipient(m: Merchant, holder = 'Jane Doe', currency: 'GBP' | 'EUR' = 'GBP'): Promise<string> {
  const customer = await post(
    m.api,
    '/customers',
    { customers: { given_name: 'Recipient', family_name: `No ${++recipients}`, email: 'r@example.com' } },
    201,
  );
  const details =
    currency === 'GBP'
      ? { branch_code: '200000', account_number: '55779911', country_code: 'GB' }
      : { iban: 'FR1420041010050500013M02606' };
  const account = await post(
    m.api,
    '/customer_bank_accounts',
    {
      customer_bank_accounts: {
        account_holder_name: holder,
        ...details,
        links: { customer: customer.customers.id },
      },
    },
    201,
  );
  return account.customer_bank_accounts.id as string;
}

/** The body of a create. */
export const outbound = (recipientId: string, amount: number, extra: Record<string, unknown> = {}) => ({
  outbound_payments: {
    amount,
    scheme: 'faster_payments',
    links: { recipient_bank_account: recipientId },
    ...extra,
  },
});

let keys = 0;
export const key = (name = 'op') => ({ headers: { 'idempotency-key': `${name}-${Date.now()}-${++keys}` } });

/** Creates one and expects a 201. */
export async function createOutbound(m: Merchant, recipientId: string, amount: number, extra = {}) {
  const res = await m.api.post('/outbound_payments', outbound(recipientId, amount, extra), key());
  expect(res.status, res.text).toBe(201);
  return res.body.outbound_payments as { id: string; status: string; [k: string]: unknown };
}

/** A second read_write token of the merchant's organisation: the second approver. */
export async function secondApprover(server: TestServer, m: Merchant) {
  const made = await server.services.db.transaction((tx) =>
    server.services.access.createToken(tx, m.organisationId, 'read_write', 'second approver'),
  );
  return m.api.withToken(made.value);
}

/** The merchant's GBP confirmed funds, straight from the ledger. */
export async function confirmedFunds(server: TestServer, creditorId: string): Promise<number> {
  const { rows } = await server.services.db.query<{ amount: number | null }>(
    `SELECT sum(amount)::bigint AS amount FROM ledger_entries WHERE creditor_id = $1 AND currency = 'GBP' AND account = 'confirmed'`,
    [creditorId],
  );
  return Number(rows[0]?.amount ?? 0);
}

export const requireApproval = (server: TestServer, m: Merchant, required = true) =>
  server.services.db.transaction((tx) =>
    server.services.outboundPayments.setApprovalRequired(tx, m.creditorId, required),
  );
