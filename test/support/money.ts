import { expect } from 'vitest';
import type { Merchant } from './factories';
import { createMandateViaBillingRequest, post } from './journeys';
import type { TestServer } from './server';

/** Runs a sandbox simulator on a resource, expecting it to apply. */
export async function simulate(m: Merchant, simulator: string, resource: string, status = 200) {
  const res = await m.api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });
  expect(res.status, `${simulator}: ${res.text}`).toBe(status);
  return res;
}

/** An active GBP mandate of the merchant, to collect payments under. */
export async function activeMandate(m: Merchant): Promise<string> {
  const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  const res = await m.api.post('/scenario_simulators/mandate_activated/actions/run', {
    data: { links: { resource: mandateId } },
  });
  // On a loaded machine the sandbox's instant scheme clock may activate it first.
  if (res.status !== 200)
    expect(res.body.error?.errors?.[0]?.reason, res.text).toBe('scenario_simulator_not_applicable');
  const mandate = await m.api.get(`/mandates/${mandateId}`);
  expect(mandate.body.mandates.status).toBe('active');
  return mandateId;
}

/** A GBP payment under the mandate, walked by a payment simulator (`payment_paid_out` by default). */
export async function collectedPayment(
  m: Merchant,
  mandateId: string,
  amount: number,
  simulator: string | null = 'payment_paid_out',
): Promise<string> {
  const body = await post(
    m.api,
    '/payments',
    { payments: { amount, currency: 'GBP', links: { mandate: mandateId } } },
    201,
  );
  const id = (body.payments as { id: string }).id;
  if (simulator) await simulate(m, simulator, id);
  return id;
}

/** The creditor's GBP balances straight from the ledger (not through the route under test). */
export async function ledgerBalances(server: TestServer, creditorId: string) {
  const { rows } = await server.services.db.query<{ account: string; amount: number }>(
    `SELECT account, sum(amount)::bigint AS amount FROM ledger_entries WHERE creditor_id = $1 AND currency = 'GBP' GROUP BY account`,
    [creditorId],
  );
  const of = (account: string) => Number(rows.find((r) => r.account === account)?.amount ?? 0);
  return {
    confirmed: of('confirmed'),
    inFlight: of('refunds_in_flight'),
    total: rows.reduce((sum, r) => sum + Number(r.amount), 0),
    entries: await countRows(server, 'ledger_entries', creditorId),
  };
}

export async function countRows(
  server: TestServer,
  table: 'ledger_entries' | 'refunds' | 'events',
  creditorId: string,
) {
  const where =
    table === 'events' ? 'organisation_id = (SELECT organisation_id FROM creditors WHERE id = $1)' : 'creditor_id = $1';
  const { rows } = await server.services.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
    [creditorId],
  );
  return rows[0]!.n;
}
