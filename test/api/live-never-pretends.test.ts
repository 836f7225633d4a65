import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { approveForLive, startTestServer, type TestServer } from '../support/server';

/**
 * Live never pretends (issue #36, decision 0092): what live cannot do for real is refused with a
 * reason, never simulated. Instant bank payments and VRP/PayTo mandates need an open-banking
 * provider bankflow does not have; a file marked submitted in live is answered by the bank alone.
 */
let live: TestServer;
let m: Merchant;

beforeAll(async () => {
  live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
  m = await live.merchant();
  await approveForLive(live, m);
});
afterAll(() => live?.close());

const count = async (table: string) =>
  Number(
    (
      await live.services.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE organisation_id = $1`, [
        m.organisationId,
      ])
    ).rows[0]!.n,
  );

describe('instant bank payments in live', () => {
  it.each([
    ['a Faster Payments payment', { payment_request: { amount: 1000, currency: 'GBP' } }],
    ['a SEPA credit transfer', { payment_request: { amount: 1000, currency: 'EUR', scheme: 'sepa_credit_transfer' } }],
    [
      'a payment with a Direct Debit mandate and fallback',
      {
        payment_request: { amount: 1000, currency: 'GBP' },
        mandate_request: { currency: 'GBP' },
        fallback_enabled: true,
      },
    ],
    [
      'a VRP mandate',
      {
        mandate_request: {
          currency: 'GBP',
          scheme: 'faster_payments',
          sweeping: true,
          constraints: { max_amount_per_payment: 1000, periodic_limits: [{ period: 'month', max_total_amount: 5000 }] },
        },
      },
    ],
    [
      'a PayTo agreement',
      { mandate_request: { currency: 'AUD', scheme: 'pay_to', constraints: { max_amount_per_payment: 1000 } } },
    ],
  ])('refuses %s: invalid_api_usage, instant_payments_not_available, nothing written', async (_name, request) => {
    const [requests, customers, events] = [
      await count('billing_requests'),
      await count('customers'),
      await count('events'),
    ];
    const res = await m.api.post('/billing_requests', { billing_requests: request });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.type).toBe('invalid_api_usage');
    expect(res.body.error.errors[0].reason).toBe('instant_payments_not_available');
    expect([await count('billing_requests'), await count('customers'), await count('events')]).toEqual([
      requests,
      customers,
      events,
    ]);
  });

  it('keeps Direct Debit billing requests open in live', async () => {
    const res = await m.api.post('/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } });
    expect(res.status, res.text).toBe(201);
  });
});

describe('the file bank in live', () => {
  it('a file marked submitted is answered by no sandbox bank: no report, the file stays submitted', async () => {
    const id = `BKS${ulid()}`;
    const now = new Date();
    await live.services.db.query(
      `INSERT INTO bank_submissions (id, organisation_id, creditor_id, scheme, format, submission_date, file_reference,
         file_name, file, file_sha256, item_count, total_amount, status, created_at)
       VALUES ($1, $2, $3, 'sepa_core', 'pain.008.001.08', $4, $1, 'live.xml', $5, $6, 0, 0, 'pending', $7)`,
      [id, m.organisationId, m.creditorId, now.toISOString().slice(0, 10), Buffer.from('<Document/>'), id, now],
    );
    const marked = await m.api.post(`/bank_submissions/${id}/actions/mark_submitted`, {});
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.bank_submissions.status).toBe('submitted');
    expect((await m.api.get('/bank_reports')).body.bank_reports).toEqual([]);
  });
});
