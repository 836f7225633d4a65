import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readNacha } from '../../server/domain/bank-files';
import { ManualClock } from '../../server/domain/shared/clock';
import { runSubmissions as run, submissionItems, useFileBank } from '../support/bank-submissions';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { simulate } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Refunds on the file bank for ACH and BECS (issue #36 "Files out, per scheme", decision 0096),
 * end to end: a collected payment refunded through the API, the clock leaving the refund to the
 * cut-off, the credit in the day's file read back as the bank reads it, then paid a working day
 * on — or bounced by the bank's return, which names the credit as it names a debit.
 */
const START = '2026-12-07T09:00:00.000Z';
let server: TestServer;
// Monday 7 December 2026.
const clock = new ManualClock(START);

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
});
afterAll(() => server?.close());
afterEach(() => clock.set(new Date(START)));

const statusOf = async (m: Merchant, path: string) => (await m.api.get(path)).body[path.split('/')[1]!].status;
const payment = async (m: Merchant, mandate: string, amount: number, currency: string) =>
  (await post(m.api, '/payments', { payments: { amount, currency, links: { mandate } } }, 201)).payments.id as string;
const refund = async (m: Merchant, paymentId: string, amount: number) =>
  (await post(m.api, '/refunds', { refunds: { amount, links: { payment: paymentId } } }, 201)).refunds.id as string;
const fileOf = async (m: Merchant, id: string) => {
  const res = await m.api.get(`/bank_submissions/${id}/file`);
  expect(res.status).toBe(200);
  return res.text;
};
const eventsOf = async (m: Merchant, refundId: string) =>
  (await m.api.get(`/events?refund=${refundId}`)).body.events as { action: string; details: Record<string, unknown> }[];

async function upload(m: Merchant, format: string, text: string, status = 201) {
  const res = await m.api.post('/bank_reports', {
    bank_reports: { format, file_name: `returns.${format}`, file: Buffer.from(text).toString('base64') },
  });
  expect(res.status, res.text).toBe(status);
  return res.body.bank_reports as { id: string; item_count: number; applied_count: number; unmatched_count: number };
}

/** A collected payment on the simulated bank, then the creditor moves the scheme to the file bank. */
async function collectedThenFileBank(m: Merchant, scheme: 'ach' | 'becs', currency: 'USD' | 'AUD') {
  const { mandateId } = await createMandateViaBillingRequest(m, { currency });
  const collected = await payment(m, mandateId, 5000, currency);
  await simulate(m, 'payment_paid_out', collected);
  await useFileBank(m, scheme, '16:00');
  return { mandateId, collected };
}

/** Our own Nacha return file for one credit entry: a `21` return entry and its `99` addenda (R03 by default). */
function nachaCreditReturn(original: { routingNumber: string; amount: number; traceNumber: string }, code = 'R03') {
  const odfi = '02100002';
  const rdfi = original.routingNumber.slice(0, 8);
  const amount = String(original.amount).padStart(10, '0');
  const hash = rdfi.padStart(10, '0');
  const credit = String(original.amount).padStart(12, '0');
  const lines = [
    `101 021000021 ${'0'.repeat(9)}2612091030A094101${'SOME BANK NA'.padEnd(23)}${'ACME INC'.padEnd(23)}`,
    `5200ACME${' '.repeat(32)}1234567890PPD${'RETURN'.padEnd(10)}${' '.repeat(6)}261209   1${odfi}0000001`,
    `621${original.routingNumber}${'012345678'.padEnd(17)}${amount}${'REF'.padEnd(15)}${'JOHN DOE'.padEnd(22)}  1${odfi}0000011`,
    `799${code}${original.traceNumber}      ${rdfi}${'NO ACCOUNT'.padEnd(44)}${odfi}0000011`,
    `8200000002${hash}${'0'.repeat(12)}${credit}1234567890${' '.repeat(25)}${odfi}0000001`,
    `900000100000100000002${hash}${'0'.repeat(12)}${credit}`,
  ];
  return lines.map((l) => l.padEnd(94)).join('\n') + '\n';
}

describe('ACH: a refund is a credit entry in the day’s Nacha file', () => {
  it('goes in a 220 PPD batch of its own (22), read back with totals, hash and blocking agreeing; paid a banking day on', async () => {
    const m = await server.merchant();
    const { mandateId, collected } = await collectedThenFileBank(m, 'ach', 'USD');
    const refunded = await refund(m, collected, 1200);
    const regular = await payment(m, mandateId, 700, 'USD');
    // The clock leaves the refund to the cut-off.
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('pending_submission');

    const [submission, ...others] = await run(m, 'ach');
    expect(others).toEqual([]);
    expect(submission).toMatchObject({ format: 'nacha', item_count: 2, total_amount: 1900 });
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('submitted');
    expect(await statusOf(m, `/payments/${regular}`)).toBe('submitted');

    const text = await fileOf(m, submission!.id);
    const read = readNacha(text);
    const lines = text.trimEnd().split('\n');
    expect(read.totals).toMatchObject({
      batchCount: 2,
      entryAndAddendaCount: 2,
      totalDebit: 700,
      totalCredit: 1200,
      blockCount: Math.ceil(lines.length / 10),
    });
    expect(lines.length % 10).toBe(0);
    const batches = read.batches.map((b) => ({
      serviceClass: b.serviceClassCode,
      sec: b.secCode,
      description: b.entryDescription,
      effectiveDate: b.effectiveDate,
      entries: b.entries.map((e) => [e.transactionCode, e.amount, e.traceNumber]),
    }));
    const items = await submissionItems(server, submission!.id);
    const traceOf = (id: string) => items.find((i) => i.resource_id === id)!.reference;
    expect(batches).toEqual([
      expect.objectContaining({ serviceClass: '225', sec: 'WEB', entries: [['27', 700, traceOf(regular)]] }),
      {
        serviceClass: '220',
        sec: 'PPD',
        description: 'REFUND',
        // The next FedACH banking day after the submission day.
        effectiveDate: '2026-12-08',
        entries: [['22', 1200, traceOf(refunded)]],
      },
    ]);
    expect(items.map((i) => [i.resource_id, i.instruction, i.amount === null ? null : Number(i.amount)])).toEqual([
      [regular, '27', 700],
      [refunded, '22', 1200],
    ]);
    // Trace numbers run on across the creditor's files: the ODFI's 8 digits and a sequence.
    expect(items.map((i) => i.reference)).toEqual(['021000020000001', '021000020000002']);

    // No positive answer for a credit: paid a banking day on, unless returned.
    clock.set(new Date('2026-12-09T15:00:00.000Z'));
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('paid');
    expect((await eventsOf(m, refunded)).map((e) => e.action)).toContain('paid');
    expect(await run(m, 'ach')).toEqual([]);
  });

  it('a Nacha return on the credit’s trace number bounces the refund, with the bank’s code', async () => {
    const m = await server.merchant();
    const { collected } = await collectedThenFileBank(m, 'ach', 'USD');
    const refunded = await refund(m, collected, 1300);
    const [submission] = await run(m, 'ach');
    const [entry] = readNacha(await fileOf(m, submission!.id)).batches.flatMap((b) => b.entries);
    expect(entry).toMatchObject({ transactionCode: '22', amount: 1300 });

    const report = await upload(m, 'nacha', nachaCreditReturn(entry!));
    expect(report).toMatchObject({ item_count: 1, applied_count: 1, unmatched_count: 0 });
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('bounced');
    const failed = (await eventsOf(m, refunded)).find((e) => e.action === 'failed')!;
    expect(failed.details).toMatchObject({ origin: 'bank', reason_code: 'R03', scheme: 'ach' });
    // The payment may be refunded again: the bounced amount is back.
    expect((await m.api.get(`/payments/${collected}`)).body.payments.amount_refunded).toBe(0);
    // Imported twice, it changes nothing the second time: the same report, no second event.
    const events = (await eventsOf(m, refunded)).length;
    expect((await upload(m, 'nacha', nachaCreditReturn(entry!), 200)).id).toBe(report.id);
    expect((await eventsOf(m, refunded)).length).toBe(events);
  });
});

describe('BECS: a refund is a credit (50) in the day’s ABA file', () => {
  const detailsOf = (text: string) =>
    text
      .split('\r\n')
      .filter((l) => l.startsWith('1'))
      .map((l) => ({
        bsb: l.slice(1, 8),
        account: l.slice(8, 17).trim(),
        code: l.slice(18, 20),
        amount: Number(l.slice(20, 30)),
        reference: l.slice(62, 80).trim(),
      }));

  it('credits the payer under the mandate’s reference, balanced from the user’s own account; paid a business day on', async () => {
    const m = await server.merchant();
    const { mandateId, collected } = await collectedThenFileBank(m, 'becs', 'AUD');
    const reference = ((await m.api.get(`/mandates/${mandateId}`)).body.mandates.reference as string).toUpperCase();
    const refunded = await refund(m, collected, 1500);
    const regular = await payment(m, mandateId, 400, 'AUD');
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('pending_submission');

    const [submission, ...others] = await run(m, 'becs');
    expect(others).toEqual([]);
    expect(submission).toMatchObject({ format: 'aba', item_count: 2, total_amount: 1900 });
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('submitted');
    const text = await fileOf(m, submission!.id);
    const payer = { bsb: '082-082', account: '012345678', reference };
    const own = { bsb: '083-004', account: '123456789', reference: 'DIRECTDEBIT' };
    expect(detailsOf(text)).toEqual([
      { ...payer, code: '13', amount: 400 },
      { ...payer, code: '50', amount: 1500 },
      // The user's account takes the debit's money and pays the refund's: the file nets to zero.
      { ...own, code: '50', amount: 400 },
      { ...own, code: '13', amount: 1500 },
    ]);
    const trailer = text.split('\r\n').find((l) => l.startsWith('7'))!;
    expect([trailer.slice(20, 30), trailer.slice(30, 40), trailer.slice(40, 50), trailer.slice(74, 80)]).toEqual([
      '0000000000',
      '0000001900',
      '0000001900',
      '000004',
    ]);
    expect((await submissionItems(server, submission!.id)).map((i) => [i.resource_id, i.instruction])).toEqual([
      [regular, '13'],
      [refunded, '50'],
    ]);

    clock.set(new Date('2026-12-09T03:00:00.000Z'));
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('paid');
  });

  it('a returned credit in the bank’s returns file bounces the refund, not the debit beside it under the same reference', async () => {
    const m = await server.merchant();
    const { mandateId, collected } = await collectedThenFileBank(m, 'becs', 'AUD');
    const refunded = await refund(m, collected, 1600);
    const regular = await payment(m, mandateId, 1600, 'AUD');
    const [submission] = await run(m, 'becs');
    const lines = (await fileOf(m, submission!.id)).split('\r\n').filter(Boolean);
    // The bank's returns file: our descriptive record, the credit as a type-2 record (reason 5), the total.
    const credit = lines.find((l) => l.startsWith('1') && l.slice(18, 20) === '50' && l.slice(1, 8) === '082-082')!;
    const returned = `2${credit.slice(1, 17)}5${credit.slice(18)}`;
    const report = await upload(m, 'becs', [lines[0], returned, lines.at(-1)].join('\r\n') + '\r\n');
    expect(report).toMatchObject({ item_count: 1, applied_count: 1 });
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('bounced');
    const failed = (await eventsOf(m, refunded)).find((e) => e.action === 'failed')!;
    expect(failed.details).toMatchObject({ origin: 'bank', reason_code: 'BECS-5', scheme: 'becs' });
    expect(await statusOf(m, `/payments/${regular}`)).toBe('submitted');
  });
});
