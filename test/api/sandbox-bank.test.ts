import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, createMandateViaBillingRequest, post } from '../support/journeys';
import { startReceiver, type Receiver } from '../support/receiver';
import { sshKeyPair, startSftpServer } from '../support/sftp-server';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The sandbox's file bank answers (issue #36, decision 0092): a mandate and payments through the
 * API, the day's file at the cut-off, marked submitted, and the reports the scheme's bank would
 * send — imported as an uploaded report is — moving each payment with the bank's event and its
 * webhook. The payer's given name picks the bank's answer (Penniless, Invalid, Cancelled).
 */
let server: TestServer;
let receiver: Receiver;
// Monday 7 December 2026, 09:00 in London.
const clock = new ManualClock('2026-12-07T09:00:00.000Z');

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    clock,
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0, sender: receiver.sender(), timeoutMs: 1000 },
    bankTransport: { intervalMs: 0, timeoutMs: 1_500 },
  });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const ORIGINATORS = {
  bacs: { sort_code: '401276', account_number: '41234567' },
  sepa_core: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  ach: { routing_number: '021000021' },
} as const;
const CURRENCY = { bacs: 'GBP', sepa_core: 'EUR', ach: 'USD' } as const;

type Scheme = keyof typeof ORIGINATORS;

async function fileBankMerchant(scheme: Scheme) {
  const m = await server.merchant();
  const res = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
    bank_connections: { scheme, kind: 'file', cutoff_time: '15:00', originator: ORIGINATORS[scheme] },
  });
  expect(res.status, res.text).toBe(200);
  await server.services.webhookEndpoints.create(server.services.db, m.organisationId, receiver.url);
  return m;
}

/** A mandate for a payer of this given name, and one payment under it. */
async function payerWithPayment(m: Merchant, scheme: Scheme, givenName: string, amount: number) {
  const currency = CURRENCY[scheme];
  const details = CUSTOMER_DETAILS[currency];
  const { mandateId } = await createMandateViaBillingRequest(m, {
    currency,
    customerDetails: { ...details, customer: { ...details.customer, given_name: givenName } },
  });
  const created = await post(
    m.api,
    '/payments',
    { payments: { amount, currency, links: { mandate: mandateId } } },
    201,
  );
  return { mandateId, paymentId: created.payments.id as string };
}

const statusOf = async (m: Merchant, path: string) => (await m.api.get(path)).body[path.split('/')[1]!].status;

async function eventOf(m: Merchant, link: 'payment' | 'mandate', id: string, action: string) {
  const res = await m.api.get(`/events?${link}=${id}`);
  expect(res.status, res.text).toBe(200);
  const event = (res.body.events as { id: string; action: string; details: Record<string, unknown> }[]).find(
    (e) => e.action === action,
  );
  expect(event, `${link} ${id}: ${action}`).toBeDefined();
  return event!;
}

/** The cut-off now, then the merchant's mark: the sandbox bank answers within the mark. */
async function submitDay(m: Merchant, scheme: Scheme) {
  const [submission] = (await post(m.api, '/bank_submissions/actions/run', { data: { scheme } })).bank_submissions as {
    id: string;
    status: string;
  }[];
  expect(submission!.status).toBe('pending');
  const marked = await m.api.post(`/bank_submissions/${submission!.id}/actions/mark_submitted`, {});
  expect(marked.status, marked.text).toBe(200);
  return marked.body.bank_submissions as { id: string; status: string };
}

async function reportsOf(m: Merchant) {
  const res = await m.api.get('/bank_reports');
  expect(res.status, res.text).toBe(200);
  return res.body.bank_reports as {
    id: string;
    format: string;
    file_name: string;
    item_count: number;
    applied_count: number;
    unmatched_count: number;
  }[];
}

async function itemsOf(m: Merchant, reportId: string) {
  const res = await m.api.get(`/bank_report_items?bank_report=${reportId}`);
  expect(res.status, res.text).toBe(200);
  return res.body.bank_report_items as {
    kind: string;
    reason_code: string | null;
    outcome: string;
    links: Record<string, string>;
  }[];
}

/** The webhooks the merchant's endpoint received for a resource, by action. */
async function webhooksFor(m: Merchant, link: string, id: string) {
  await server.webhookWorker.runDue();
  return receiver.received
    .flatMap(
      (r) =>
        r.body.events as unknown as {
          action: string;
          links: Record<string, string>;
          details: Record<string, unknown>;
        }[],
    )
    .filter((e) => e.links[link] === id);
}

describe('the sandbox bank answers a submitted file', () => {
  it('Bacs: an input report accepts the file; ARUDD returns the Penniless debit, AUDDIS fails the Invalid lodgement, ADDACS cancels for the payer', async () => {
    const m = await fileBankMerchant('bacs');
    const good = await payerWithPayment(m, 'bacs', 'Jane', 1250);
    const penniless = await payerWithPayment(m, 'bacs', 'Penniless', 1300);
    const invalid = await payerWithPayment(m, 'bacs', 'Invalid', 1400);
    const cancelled = await payerWithPayment(m, 'bacs', 'Cancelled', 1500);

    const submission = await submitDay(m, 'bacs');
    expect(submission.status).toBe('accepted');

    expect(await statusOf(m, `/payments/${penniless.paymentId}`)).toBe('failed');
    const failed = await eventOf(m, 'payment', penniless.paymentId, 'failed');
    expect(failed.details).toMatchObject({
      origin: 'bank',
      cause: 'insufficient_funds',
      reason_code: 'ARUDD-0',
      scheme: 'bacs',
    });

    expect(await statusOf(m, `/mandates/${invalid.mandateId}`)).toBe('failed');
    expect((await eventOf(m, 'mandate', invalid.mandateId, 'failed')).details).toMatchObject({
      origin: 'bank',
      cause: 'invalid_bank_details',
      reason_code: 'AUDDIS-5',
    });
    expect(await statusOf(m, `/payments/${invalid.paymentId}`)).toBe('failed');

    expect(await statusOf(m, `/mandates/${cancelled.mandateId}`)).toBe('cancelled');
    expect((await eventOf(m, 'mandate', cancelled.mandateId, 'cancelled')).details).toMatchObject({
      origin: 'bank',
      cause: 'mandate_cancelled',
      reason_code: 'ADDACS-1',
    });
    expect((await eventOf(m, 'payment', cancelled.paymentId, 'failed')).details).toMatchObject({
      origin: 'bank',
      reason_code: 'ARUDD-1',
    });

    // Bacs sends no positive answer: the good debit waits for its ARUDD window, the good mandate for AUDDIS's.
    expect(await statusOf(m, `/payments/${good.paymentId}`)).toBe('submitted');
    expect(await statusOf(m, `/mandates/${good.mandateId}`)).toBe('submitted');
    // The windows pass with no return: the scheme clock activates the mandate and confirms the debit.
    clock.set(new Date('2026-12-16T09:00:00.000Z'));
    try {
      await server.schemeClock.runDue();
    } finally {
      clock.set(new Date('2026-12-07T09:00:00.000Z'));
    }
    expect(await statusOf(m, `/mandates/${good.mandateId}`)).toBe('active');
    expect(await statusOf(m, `/payments/${good.paymentId}`)).toBe('confirmed');

    const reports = await reportsOf(m);
    expect(reports.map((r) => r.file_name).sort()).toEqual(
      ['addacs', 'arudd', 'auddis', 'input-report'].map((kind) => `sandbox-${kind}-${submission.id}.xml`),
    );
    const arudd = reports.find((r) => r.file_name.startsWith('sandbox-arudd'))!;
    expect(arudd).toMatchObject({ format: 'bacs', item_count: 3, unmatched_count: 0 });
    const items = await itemsOf(m, arudd.id);
    expect(items.find((i) => i.links.payment === penniless.paymentId)).toMatchObject({
      kind: 'returned',
      reason_code: 'ARUDD-0',
      outcome: 'applied',
      links: { event: failed.id },
    });
    // Downloadable as an uploaded report is: the file the importer read.
    const file = await m.api.get(`/bank_reports/${arudd.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/xml/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="sandbox-arudd-${submission.id}.xml"`);
    expect(file.text).toContain('returnDescription="REFER TO PAYER"');

    const hooks = await webhooksFor(m, 'payment', penniless.paymentId);
    expect(hooks.find((e) => e.action === 'failed')?.details).toMatchObject({ origin: 'bank', reason_code: 'ARUDD-0' });
    expect((await webhooksFor(m, 'mandate', cancelled.mandateId)).map((e) => e.action)).toContain('cancelled');
  });

  it('SEPA: pain.002 rejects the Invalid account (AC01); camt.054 books the good debit (confirmed) and returns the Penniless one (AM04)', async () => {
    const m = await fileBankMerchant('sepa_core');
    const good = await payerWithPayment(m, 'sepa_core', 'Jean', 2500);
    const penniless = await payerWithPayment(m, 'sepa_core', 'Penniless', 2600);
    const invalid = await payerWithPayment(m, 'sepa_core', 'Invalid', 2700);

    const submission = await submitDay(m, 'sepa_core');
    expect(submission.status).toBe('accepted');
    expect(await statusOf(m, `/payments/${good.paymentId}`)).toBe('confirmed');
    expect(await statusOf(m, `/payments/${penniless.paymentId}`)).toBe('failed');
    expect((await eventOf(m, 'payment', penniless.paymentId, 'failed')).details).toMatchObject({
      origin: 'bank',
      cause: 'insufficient_funds',
      reason_code: 'AM04',
      scheme: 'sepa_core',
    });
    expect(await statusOf(m, `/payments/${invalid.paymentId}`)).toBe('failed');
    expect((await eventOf(m, 'payment', invalid.paymentId, 'failed')).details).toMatchObject({
      origin: 'bank',
      cause: 'invalid_bank_details',
      reason_code: 'AC01',
    });

    const reports = await reportsOf(m);
    expect(reports.map((r) => r.format).sort()).toEqual(['camt', 'pain.002']);
    const camt = reports.find((r) => r.format === 'camt')!;
    expect(camt).toMatchObject({ item_count: 2, applied_count: 2, unmatched_count: 0 });
    const pain002 = await m.api.get(`/bank_reports/${reports.find((r) => r.format === 'pain.002')!.id}/file`);
    expect(pain002.text).toContain(`<OrgnlMsgId>${submission.id}</OrgnlMsgId>`);

    const hooks = await webhooksFor(m, 'payment', good.paymentId);
    expect(hooks.map((e) => e.action)).toEqual(expect.arrayContaining(['submitted', 'confirmed']));
    expect(
      (await webhooksFor(m, 'payment', penniless.paymentId)).find((e) => e.action === 'failed')?.details,
    ).toMatchObject({
      origin: 'bank',
      reason_code: 'AM04',
    });
  });

  it('ACH: a Nacha return file returns the Penniless entry (R01) and the Cancelled one (R07, mandate cancelled) by trace number; camt.054 settles the rest', async () => {
    const m = await fileBankMerchant('ach');
    const good = await payerWithPayment(m, 'ach', 'John', 4200);
    const penniless = await payerWithPayment(m, 'ach', 'Penniless', 4300);
    const cancelled = await payerWithPayment(m, 'ach', 'Cancelled', 4400);

    const submission = await submitDay(m, 'ach');
    expect(submission.status).toBe('submitted');
    expect(await statusOf(m, `/payments/${good.paymentId}`)).toBe('confirmed');
    expect(await statusOf(m, `/payments/${penniless.paymentId}`)).toBe('failed');
    expect((await eventOf(m, 'payment', penniless.paymentId, 'failed')).details).toMatchObject({
      origin: 'bank',
      cause: 'insufficient_funds',
      reason_code: 'R01',
      scheme: 'ach',
    });
    expect(await statusOf(m, `/payments/${cancelled.paymentId}`)).toBe('failed');
    expect((await eventOf(m, 'payment', cancelled.paymentId, 'failed')).details).toMatchObject({
      origin: 'bank',
      reason_code: 'R07',
    });
    expect(await statusOf(m, `/mandates/${cancelled.mandateId}`)).toBe('cancelled');

    const reports = await reportsOf(m);
    const returns = reports.find((r) => r.format === 'nacha')!;
    expect(returns).toMatchObject({ item_count: 2, applied_count: 2, unmatched_count: 0 });
    const file = await m.api.get(`/bank_reports/${returns.id}/file`);
    expect(file.headers['content-disposition']).toMatch(/\.ach"$/);
    expect(
      file.text
        .split('\n')
        .filter((l) => l.startsWith('799'))
        .map((l) => l.slice(3, 6)),
    ).toEqual(['R01', 'R07']);
    expect(
      (await webhooksFor(m, 'payment', penniless.paymentId)).find((e) => e.action === 'failed')?.details,
    ).toMatchObject({
      origin: 'bank',
      reason_code: 'R01',
    });
  });

  it('answers a file its SFTP upload delivered as one marked by hand; a connection with a reports directory is answered by its server', async () => {
    const client = sshKeyPair();
    const bank = await startSftpServer({ clientPrivateKey: client.privateKey, dirs: ['/outbox', '/inbox'] });
    try {
      const connect = async (m: Merchant, reportsDir?: string) => {
        const res = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
          bank_connections: {
            scheme: 'sepa_core',
            kind: 'file',
            cutoff_time: '15:00',
            originator: ORIGINATORS.sepa_core,
            sftp: {
              host: '127.0.0.1',
              port: bank.port,
              username: 'bankflow',
              host_key_sha256: bank.hostKeySha256,
              private_key: client.privateKey,
              submissions_dir: '/outbox',
              ...(reportsDir ? { reports_dir: reportsDir } : {}),
            },
          },
        });
        expect(res.status, res.text).toBe(200);
      };
      const pushOnly = await server.merchant();
      await connect(pushOnly);
      const pushed = await payerWithPayment(pushOnly, 'sepa_core', 'Penniless', 3100);
      const withReports = await server.merchant();
      await connect(withReports, '/inbox');
      const waiting = await payerWithPayment(withReports, 'sepa_core', 'Penniless', 3200);
      for (const m of [pushOnly, withReports])
        await post(m.api, '/bank_submissions/actions/run', { data: { scheme: 'sepa_core' } });

      await server.services.bankTransport.push();
      expect(await statusOf(pushOnly, `/payments/${pushed.paymentId}`)).toBe('failed');
      expect((await eventOf(pushOnly, 'payment', pushed.paymentId, 'failed')).details).toMatchObject({
        origin: 'bank',
        reason_code: 'AM04',
      });
      expect((await reportsOf(pushOnly)).map((r) => r.format).sort()).toEqual(['camt', 'pain.002']);
      // The other bank answers through its reports directory: nothing yet.
      expect(await statusOf(withReports, `/payments/${waiting.paymentId}`)).toBe('submitted');
      expect(await reportsOf(withReports)).toEqual([]);
    } finally {
      await bank.close();
    }
  });

  it("keeps a report's file to its organisation", async () => {
    const m = await fileBankMerchant('sepa_core');
    await payerWithPayment(m, 'sepa_core', 'Jean', 1000);
    await submitDay(m, 'sepa_core');
    const [report] = await reportsOf(m);
    const other = await server.merchant();
    const res = await other.api.get(`/bank_reports/${report!.id}/file`);
    expect(res.status).toBe(404);
    expect(res.body.error.errors[0].reason).toBe('resource_not_found');
  });
});
