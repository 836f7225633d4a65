import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readNacha } from '../../server/domain/bank-files';
import { runHooks } from '../../server/domain/bank-submissions/run';
import { ManualClock } from '../../server/domain/shared/clock';
import {
  expectValidAgainst,
  runSubmissions as run,
  type RunSubmission,
  submissionItems,
  useFileBank,
} from '../support/bank-submissions';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { activeMandate, collectedPayment, simulate } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Every instruction the file bank's cut-off carries beyond lodgements and collections (issue #36
 * "Files out, per scheme", decision 0091), end to end: the mandate, payment or refund through the
 * API, the run at the cut-off, the file downloaded and read as the bank reads it.
 */
const START = '2026-12-07T09:00:00.000Z';
let server: TestServer;
// Monday 7 December 2026, 09:00 in London.
const clock = new ManualClock(START);

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
});
afterAll(() => server?.close());
afterEach(() => {
  clock.set(new Date(START));
  runHooks.afterInsert = undefined;
});

const fileOf = async (m: Merchant, id: string) => {
  const res = await m.api.get(`/bank_submissions/${id}/file`);
  expect(res.status).toBe(200);
  return res.text;
};
const statusOf = async (m: Merchant, path: string) => (await m.api.get(path)).body[path.split('/')[1]!].status;
const payment = async (m: Merchant, mandate: string, amount: number, currency: string, extra = {}) =>
  (await post(m.api, '/payments', { payments: { amount, currency, links: { mandate }, ...extra } }, 201)).payments
    .id as string;
const refund = async (m: Merchant, paymentId: string, amount: number) =>
  (await post(m.api, '/refunds', { refunds: { amount, links: { payment: paymentId } } }, 201)).refunds.id as string;
const itemsOf = async (submission: string) =>
  (await submissionItems(server, submission)).map((i) => [i.resource_id, i.instruction, i.reference]);

/** A Standard 18 file's data records (between UHL1 and EOF1), by the published positions. */
function bacsRecords(text: string) {
  const lines = text.trimEnd().split('\n');
  expect(lines.slice(0, 4).map((l) => l.slice(0, 4))).toEqual(['VOL1', 'HDR1', 'HDR2', 'UHL1']);
  expect(lines.slice(-3).map((l) => l.slice(0, 4))).toEqual(['EOF1', 'EOF2', 'UTL1']);
  const utl1 = lines.at(-1)!;
  return {
    records: lines.slice(4, -3).map((l) => ({
      sortCode: l.slice(0, 6),
      account: l.slice(6, 14),
      code: l.slice(15, 17),
      amount: Number(l.slice(35, 46)),
      reference: l.slice(64, 82).trimEnd(),
      width: l.length,
    })),
    totals: {
      debitTotal: Number(utl1.slice(4, 17)),
      creditTotal: Number(utl1.slice(17, 30)),
      debitCount: Number(utl1.slice(30, 37)),
      creditCount: Number(utl1.slice(37, 44)),
      instructionCount: Number(utl1.slice(52, 59)),
    },
  };
}

/** The run each working day from tomorrow, until `done` says the awaited instruction went. */
async function runDaysUntil(m: Merchant, scheme: string, done: () => Promise<boolean>): Promise<RunSubmission[]> {
  const made: RunSubmission[] = [];
  for (let day = 1; day <= 14; day++) {
    clock.set(new Date(new Date(START).getTime() + day * 86_400_000));
    made.push(...(await run(m, scheme)));
    if (await done()) return made;
  }
  throw new Error('the instruction never went');
}

describe('Bacs: every AUDDIS instruction and transaction code the run writes', () => {
  it('0C: a lodged mandate cancelled by the merchant is cancelled with the bank the next day, once', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'bacs');
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const reference = ((await m.api.get(`/mandates/${mandateId}`)).body.mandates.reference as string).toUpperCase();
    const [lodged] = await run(m, 'bacs');
    expect(await itemsOf(lodged!.id)).toEqual([[mandateId, '0N', reference]]);

    await post(m.api, `/mandates/${mandateId}/actions/cancel`, { data: {} });
    expect(await statusOf(m, `/mandates/${mandateId}`)).toBe('cancelled');
    // Today's file is written: the cancellation waits for the next submission day.
    expect(await run(m, 'bacs')).toEqual([]);
    clock.set(new Date('2026-12-08T09:00:00.000Z'));
    const [cancelled, ...others] = await run(m, 'bacs');
    expect(others).toEqual([]);
    expect(cancelled).toMatchObject({ item_count: 1, total_amount: 0 });
    const { records, totals } = bacsRecords(await fileOf(m, cancelled!.id));
    expect(records).toEqual([
      { sortCode: '200000', account: '55779911', code: '0C', amount: 0, reference, width: 100 },
    ]);
    expect(totals).toEqual({ debitTotal: 0, creditTotal: 0, debitCount: 0, creditCount: 0, instructionCount: 1 });
    expect(await itemsOf(cancelled!.id)).toEqual([[mandateId, '0C', reference]]);
    // Told once: the next day has nothing for it.
    clock.set(new Date('2026-12-09T09:00:00.000Z'));
    expect(await run(m, 'bacs')).toEqual([]);
  });

  it('0C is not sent for a mandate never lodged, nor for one the payer’s bank cancelled', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'bacs');
    const neverLodged = (await createMandateViaBillingRequest(m, { currency: 'GBP' })).mandateId;
    await post(m.api, `/mandates/${neverLodged}/actions/cancel`, { data: {} });
    expect(await run(m, 'bacs')).toEqual([]);

    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    await run(m, 'bacs');
    const reference = (await m.api.get(`/mandates/${mandateId}`)).body.mandates.reference as string;
    // The payer's bank cancelled it (ADDACS 1): the bank knows, there is nothing to tell it.
    const addacs =
      '<BACSDocument><Data><MessagingAdvices><MessagingHeader advice-type="ADDACS" user-number="654321"/>' +
      `<MessagingAdvice record-type="A" reference="${reference.toUpperCase()}" reason-code="1"/>` +
      '</MessagingAdvices></Data></BACSDocument>';
    const report = await m.api.post('/bank_reports', {
      bank_reports: { format: 'bacs', file_name: 'addacs.xml', file: Buffer.from(addacs).toString('base64') },
    });
    expect(report.status, report.text).toBe(201);
    expect(report.body.bank_reports).toMatchObject({ applied_count: 1 });
    expect(await statusOf(m, `/mandates/${mandateId}`)).toBe('cancelled');
    clock.set(new Date('2026-12-08T09:00:00.000Z'));
    expect(await run(m, 'bacs')).toEqual([]);
  });

  it('19: the last instalment of a schedule, nothing else to collect, is the final collection (01 first, 17 between)', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'bacs');
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const schedule = (
      await post(
        m.api,
        '/instalment_schedules',
        {
          instalment_schedules: {
            name: 'Sofa',
            currency: 'GBP',
            total_amount: 3000,
            instalments: [
              { amount: 1000, charge_date: null },
              { amount: 1000, charge_date: '2026-12-21' },
              { amount: 1000, charge_date: '2026-12-22' },
            ],
            links: { mandate: mandateId },
          },
        },
        201,
      )
    ).instalment_schedules;
    const [first, second, last] = schedule.links.payments as string[];
    const made = await runDaysUntil(m, 'bacs', async () => (await statusOf(m, `/payments/${last}`)) === 'submitted');
    const codes = new Map<string, string>();
    for (const submission of made) {
      for (const [resource, instruction] of await itemsOf(submission.id)) codes.set(resource!, instruction!);
      const { records, totals } = bacsRecords(await fileOf(m, submission.id));
      const debits = records.filter((r) => ['01', '17', '19'].includes(r.code));
      // The contra (99) credits the service user with what the file collects.
      expect(records.filter((r) => r.code === '99')).toEqual(
        debits.length ? [expect.objectContaining({ reference: 'CONTRA', amount: 1000 * debits.length })] : [],
      );
      expect(totals.debitTotal).toBe(totals.creditTotal);
    }
    expect([codes.get(mandateId), codes.get(first!), codes.get(second!), codes.get(last!)]).toEqual([
      '0N',
      '01',
      '17',
      '19',
    ]);
  });

  it('19 is not written while the mandate has another payment to collect', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'bacs');
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    await run(m, 'bacs');
    const schedule = (
      await post(
        m.api,
        '/instalment_schedules',
        {
          instalment_schedules: {
            name: 'Chair',
            currency: 'GBP',
            total_amount: 500,
            instalments: [{ amount: 500, charge_date: '2026-12-21' }],
            links: { mandate: mandateId },
          },
        },
        201,
      )
    ).instalment_schedules;
    const [instalment] = schedule.links.payments as string[];
    const later = await payment(m, mandateId, 700, 'GBP', { charge_date: '2027-01-20' });
    const made = await runDaysUntil(
      m,
      'bacs',
      async () => (await statusOf(m, `/payments/${instalment}`)) === 'submitted',
    );
    const items = (await Promise.all(made.map((s) => itemsOf(s.id)))).flat();
    expect(items.find(([resource]) => resource === instalment)?.[1]).toBe('01');
    expect(await statusOf(m, `/payments/${later}`)).toBe('pending_submission');
  });

  it('99: a refund is a credit to the payer in the day’s file, balanced by its own debit contra', async () => {
    const m = await server.merchant();
    const mandateId = await activeMandate(m);
    const collected = await collectedPayment(m, mandateId, 5000);
    await useFileBank(m, 'bacs');
    const reference = ((await m.api.get(`/mandates/${mandateId}`)).body.mandates.reference as string).toUpperCase();
    const refunded = await refund(m, collected, 1200);
    const regular = await payment(m, mandateId, 800, 'GBP');
    // The clock leaves the refund to the cut-off.
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('pending_submission');

    const [submission, ...others] = await run(m, 'bacs');
    expect(others).toEqual([]);
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('submitted');
    const { records, totals } = bacsRecords(await fileOf(m, submission!.id));
    const payer = { sortCode: '200000', account: '55779911', reference, width: 100 };
    const own = { sortCode: '401276', account: '41234567', reference: 'CONTRA', width: 100 };
    // The simulated bank's collection was never the bank's: this is the first it sees (01).
    expect(records).toEqual([
      { ...payer, code: '01', amount: 800 },
      { ...payer, code: '99', amount: 1200 },
      { ...own, code: '99', amount: 800 },
      { ...own, code: '17', amount: 1200 },
    ]);
    expect(totals).toEqual({ debitTotal: 2000, creditTotal: 2000, debitCount: 2, creditCount: 2, instructionCount: 0 });
    expect(await itemsOf(submission!.id)).toEqual([
      [regular, '01', reference],
      [refunded, '99', reference],
    ]);
    // A credit has no positive answer: paid a Bacs working day on, unless returned.
    clock.set(new Date('2026-12-09T09:00:00.000Z'));
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('paid');
    const events = (await m.api.get(`/events?refund=${refunded}`)).body.events as { action: string }[];
    expect(events.map((e) => e.action)).toContain('paid');
    clock.set(new Date('2026-12-10T09:00:00.000Z'));
    expect(await run(m, 'bacs')).toEqual([]);
  });
});

describe('SEPA Core: final collections and refunds', () => {
  it('FNAL: the last instalment of a schedule, FRST before it; the file valid against pain.008.001.08', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'sepa_core');
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'EUR' });
    const schedule = (
      await post(
        m.api,
        '/instalment_schedules',
        {
          instalment_schedules: {
            name: 'Bike',
            currency: 'EUR',
            total_amount: 2000,
            instalments: [
              { amount: 1000, charge_date: null },
              { amount: 1000, charge_date: '2026-12-17' },
            ],
            links: { mandate: mandateId },
          },
        },
        201,
      )
    ).instalment_schedules;
    const [first, last] = schedule.links.payments as string[];
    const made = await runDaysUntil(
      m,
      'sepa_core',
      async () => (await statusOf(m, `/payments/${last}`)) === 'submitted',
    );
    const sequences: string[][] = [];
    for (const submission of made) {
      expect(submission.format).toBe('pain.008.001.08');
      const xml = await fileOf(m, submission.id);
      expectValidAgainst(xml, 'pain.008.001.08.xsd');
      sequences.push(
        [...xml.matchAll(/<SeqTp>(\w+)<\/SeqTp>[\s\S]*?<EndToEndId>(\w+)<\/EndToEndId>/g)].map(
          (x) => `${x[2]} ${x[1]}`,
        ),
      );
    }
    expect(sequences.flat()).toEqual([`${first} FRST`, `${last} FNAL`]);
  });

  it('a refund is a pain.001.001.09 credit transfer back to the debtor, a file of its own beside the day’s pain.008', async () => {
    const m = await server.merchant();
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'EUR' });
    const collected = await payment(m, mandateId, 4000, 'EUR');
    await simulate(m, 'payment_paid_out', collected);
    await useFileBank(m, 'sepa_core');
    const refunded = await refund(m, collected, 1500);
    const regular = await payment(m, mandateId, 900, 'EUR');

    const made = await run(m, 'sepa_core');
    expect(made.map((s) => [s.format, s.item_count, s.total_amount])).toEqual([
      ['pain.008.001.08', 1, 900],
      ['pain.001.001.09', 1, 1500],
    ]);
    const debits = await fileOf(m, made[0]!.id);
    expectValidAgainst(debits, 'pain.008.001.08.xsd');
    expect(debits).toContain(`<EndToEndId>${regular}</EndToEndId>`);
    expect(debits).not.toContain(refunded);

    const credits = await fileOf(m, made[1]!.id);
    expectValidAgainst(credits, 'pain.001.001.09.xsd');
    expect(credits).toContain(`<MsgId>${made[1]!.id}</MsgId>`);
    expect(credits).toContain(`<EndToEndId>${refunded}</EndToEndId>`);
    expect(credits).toContain('<InstdAmt Ccy="EUR">15.00</InstdAmt>');
    // From the creditor's account to the IBAN the debit was collected from.
    expect(credits).toMatch(/<DbtrAcct><Id><IBAN>DE89370400440532013000<\/IBAN>/);
    expect(credits).toMatch(/<CdtrAcct><Id><IBAN>FR1420041010050500013M02606<\/IBAN>/);
    expect(await itemsOf(made[1]!.id)).toEqual([[refunded, 'TRF', refunded]]);
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('submitted');
    const download = await m.api.get(`/bank_submissions/${made[1]!.id}/file`);
    expect(download.headers['content-type']).toBe('application/xml');

    // Each format once a day: a refund made after the day's files waits for the next day.
    const another = await refund(m, collected, 500);
    expect(await run(m, 'sepa_core')).toEqual([]);
    clock.set(new Date('2026-12-08T09:00:00.000Z'));
    const next = await run(m, 'sepa_core');
    expect(next.map((s) => s.format)).toEqual(['pain.001.001.09']);
    expect(await itemsOf(next[0]!.id)).toEqual([[another, 'TRF', another]]);
  });

  it('a crash writing the day’s second file (pain.001) leaves neither file and nothing submitted', async () => {
    const m = await server.merchant();
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'EUR' });
    const collected = await payment(m, mandateId, 3000, 'EUR');
    await simulate(m, 'payment_paid_out', collected);
    await useFileBank(m, 'sepa_core');
    const refunded = await refund(m, collected, 700);
    const regular = await payment(m, mandateId, 400, 'EUR');
    let inserts = 0;
    runHooks.afterInsert = async () => {
      if (++inserts === 2) throw new Error('the process died here');
    };
    const crashed = await m.api.post('/bank_submissions/actions/run', { data: { scheme: 'sepa_core' } });
    expect(crashed.status).toBe(500);
    runHooks.afterInsert = undefined;
    expect((await m.api.get('/bank_submissions')).body.bank_submissions).toEqual([]);
    expect(await statusOf(m, `/payments/${regular}`)).toBe('pending_submission');
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('pending_submission');

    const made = await run(m, 'sepa_core');
    expect(made.map((s) => s.format)).toEqual(['pain.008.001.08', 'pain.001.001.09']);
    expect(await statusOf(m, `/refunds/${refunded}`)).toBe('submitted');
    expect(await run(m, 'sepa_core')).toEqual([]);
  });
});

describe('ACH: entry classes and Same Day ACH', () => {
  it('faster_ach payments go in a batch of their own, its descriptive date SD and the cut-off window', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'ach', '16:30');
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'USD' });
    const standard = await payment(m, mandateId, 1500, 'USD');
    const faster = await payment(m, mandateId, 2500, 'USD', { faster_ach: true });
    const chargeDates = new Map<string, string>();
    for (const id of [standard, faster])
      chargeDates.set(id, (await m.api.get(`/payments/${id}`)).body.payments.charge_date);

    const [submission] = await run(m, 'ach');
    const text = await fileOf(m, submission!.id);
    const read = readNacha(text);
    expect(read.totals).toMatchObject({ entryAndAddendaCount: 2, totalDebit: 4000, totalCredit: 0 });
    const batchLines = text.split('\n').filter((l) => l.startsWith('5'));
    const batches = read.batches.map((b, index) => ({
      sec: b.secCode,
      descriptiveDate: batchLines[index]!.slice(63, 69).trim(),
      amounts: b.entries.map((e) => e.amount),
      effectiveDate: b.effectiveDate,
    }));
    expect(batches).toEqual(
      expect.arrayContaining([
        { sec: 'WEB', descriptiveDate: '', amounts: [1500], effectiveDate: chargeDates.get(standard) },
        { sec: 'WEB', descriptiveDate: 'SD1630', amounts: [2500], effectiveDate: chargeDates.get(faster) },
      ]),
    );
    expect(batches).toHaveLength(2);
  });

  it('a batch per entry class: WEB authorised online, PPD by telephone, CCD for a business payer', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'ach');
    const person = (await createMandateViaBillingRequest(m, { currency: 'USD' })).mandateId;
    const byPhone = (
      await createMandateViaBillingRequest(m, {
        currency: 'USD',
        mandate_request: { authorisation_source: 'telephone' },
      })
    ).mandateId;
    const company = (
      await createMandateViaBillingRequest(m, {
        currency: 'USD',
        customerDetails: {
          customer: { company_name: 'Acme Widgets Inc', email: 'ap@acme.example' },
          customer_billing_detail: {
            address_line1: '1 Main St',
            city: 'Springfield',
            region: 'IL',
            postal_code: '62701',
            country_code: 'US',
            ip_address: '203.0.113.7',
          },
        },
      })
    ).mandateId;
    await payment(m, person, 1100, 'USD');
    await payment(m, company, 2200, 'USD');
    await payment(m, byPhone, 3300, 'USD');
    const [submission] = await run(m, 'ach');
    const read = readNacha(await fileOf(m, submission!.id));
    expect(read.batches.map((b) => [b.secCode, b.entries.map((e) => e.amount)]).sort()).toEqual([
      ['CCD', [2200]],
      ['PPD', [3300]],
      ['WEB', [1100]],
    ]);
    expect(read.totals).toMatchObject({ batchCount: 3, totalDebit: 6600 });
  });
});

describe('BECS: an ABA file at the cut-off', () => {
  it('the day’s debits, balanced to the user’s own account, read back record by record', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'becs', '16:00');
    const missing = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
      bank_connections: { scheme: 'becs', kind: 'file', originator: { bsb: '083004' } },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.errors[0].reason).toBe('bank_connection_not_available');

    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'AUD' });
    const reference = ((await m.api.get(`/mandates/${mandateId}`)).body.mandates.reference as string).toUpperCase();
    const first = await payment(m, mandateId, 3300, 'AUD');
    const second = await payment(m, mandateId, 1200, 'AUD');
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/payments/${first}`)).toBe('pending_submission');

    const [submission, ...others] = await run(m, 'becs');
    expect(others).toEqual([]);
    expect(submission).toMatchObject({ format: 'aba', item_count: 2, total_amount: 4500 });
    expect(await statusOf(m, `/payments/${first}`)).toBe('submitted');
    expect(await statusOf(m, `/mandates/${mandateId}`)).toBe('submitted');
    // No positive answer is assumed: the bank's returns or acknowledgement move it.
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/payments/${second}`)).toBe('submitted');

    const download = await m.api.get(`/bank_submissions/${submission!.id}/file`);
    expect(download.headers['content-disposition']).toMatch(/\.aba"$/);
    const lines = download.text.split('\r\n').filter(Boolean);
    expect(lines.every((l) => l.length === 120)).toBe(true);
    const [header, ...rest] = lines;
    const trailer = rest.pop()!;
    expect(header!.slice(0, 1)).toBe('0');
    expect(header!.slice(20, 23)).toBe('NAB');
    // The APCA user id (the creditor's becs identifier) and the processing day, DDMMYY: the next BECS business day.
    expect(header!.slice(56, 62)).toMatch(/^\d{6}$/);
    expect(header!.slice(74, 80)).toBe('081226');
    const details = rest.map((l) => ({
      type: l.slice(0, 1),
      bsb: l.slice(1, 8),
      account: l.slice(8, 17).trim(),
      code: l.slice(18, 20),
      amount: Number(l.slice(20, 30)),
      reference: l.slice(62, 80).trim(),
      traceBsb: l.slice(80, 87),
      traceAccount: l.slice(87, 96).trim(),
    }));
    const trace = { type: '1', traceBsb: '083-004', traceAccount: '123456789' };
    expect(details).toEqual([
      { ...trace, bsb: '082-082', account: '012345678', code: '13', amount: 3300, reference },
      { ...trace, bsb: '082-082', account: '012345678', code: '13', amount: 1200, reference },
      { ...trace, bsb: '083-004', account: '123456789', code: '50', amount: 4500, reference: 'DIRECTDEBIT' },
    ]);
    // The file total nets to zero: credits and debits each 4500, three records.
    expect(trailer.slice(0, 8)).toBe('7999-999');
    expect(Number(trailer.slice(20, 30))).toBe(0);
    expect(Number(trailer.slice(30, 40))).toBe(4500);
    expect(Number(trailer.slice(40, 50))).toBe(4500);
    expect(Number(trailer.slice(74, 80))).toBe(3);
    // A return names the debit by its lodgement reference; the submission by the file's name (NAB's acknowledgement).
    expect(await itemsOf(submission!.id)).toEqual([
      [first, '13', reference],
      [second, '13', reference],
    ]);
    const listed = (await m.api.get(`/bank_submissions/${submission!.id}`)).body.bank_submissions;
    expect(listed.file_name).toBe(`becs-2026-12-07-${submission!.id}.aba`);
    expect(listed.file_reference).toBe(listed.file_name);
    expect(await run(m, 'becs')).toEqual([]);
  });
});
