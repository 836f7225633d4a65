import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readNacha } from '../../server/domain/bank-files';
import { runHooks } from '../../server/domain/bank-submissions/run';
import { ManualClock } from '../../server/domain/shared/clock';
import {
  expectValidAgainst,
  FILE_BANK_ORIGINATORS,
  runSubmissions as run,
  submissionItems,
  useFileBank,
} from '../support/bank-submissions';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The file bank's outgoing side (issue #36, decisions 0074 and 0081), end to end in the sandbox:
 * a mandate and payments through the API, the scheme clock moving nothing, a cut-off writing one
 * file per creditor, scheme and day in one transaction, the file as the bank reads it.
 */
let server: TestServer;
// Monday 7 December 2026, 09:00 in London.
const clock = new ManualClock('2026-12-07T09:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
});
afterAll(() => server?.close());
afterEach(() => {
  runHooks.afterInsert = undefined;
});

const payment = async (m: Merchant, mandate: string, amount: number, currency: string) =>
  (await post(m.api, '/payments', { payments: { amount, currency, links: { mandate } } }, 201)).payments.id as string;
const statusOf = async (m: Merchant, path: string) => (await m.api.get(path)).body[path.split('/')[1]!].status;
const fileOf = (m: Merchant, id: string) => m.api.get(`/bank_submissions/${id}/file`);
const itemsOf = (submission: string) => submissionItems(server, submission);

describe('the file bank in the sandbox', () => {
  it('Bacs: the clock moves nothing; the cut-off writes one Standard 18 file with the AUDDIS 0N and the collections, field by field', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'bacs');
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const mandateRef = (await m.api.get(`/mandates/${mandateId}`)).body.mandates.reference as string;
    const first = await payment(m, mandateId, 1250, 'GBP');
    const second = await payment(m, mandateId, 990, 'GBP');
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/mandates/${mandateId}`)).toBe('pending_submission');
    expect(await statusOf(m, `/payments/${first}`)).toBe('pending_submission');

    const [submission, ...others] = await run(m, 'bacs');
    expect(others).toEqual([]);
    expect(submission).toMatchObject({ item_count: 3, total_amount: 2240 });
    expect(await statusOf(m, `/mandates/${mandateId}`)).toBe('submitted');
    expect(await statusOf(m, `/payments/${first}`)).toBe('submitted');
    expect(await statusOf(m, `/payments/${second}`)).toBe('submitted');
    const events = (await m.api.get(`/events?payment=${first}`)).body.events as { action: string }[];
    expect(events.map((e) => e.action)).toContain('submitted');
    // Nothing confirms it but its ARUDD window's end (three Bacs working days after the charge date).
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/payments/${first}`)).toBe('submitted');
    expect(await statusOf(m, `/mandates/${mandateId}`)).toBe('submitted');

    const file = await fileOf(m, submission!.id);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="bacs-2026-12-07-BKS\w+\.txt"$/);
    const lines = file.text.trimEnd().split('\n');
    expect(lines.slice(0, 4).map((l) => l.slice(0, 4))).toEqual(['VOL1', 'HDR1', 'HDR2', 'UHL1']);
    expect(lines[0]!.slice(4, 10)).toBe(submission!.file_reference);
    const records = lines.slice(4, -3).map((l) => ({
      sortCode: l.slice(0, 6),
      account: l.slice(6, 14),
      code: l.slice(15, 17),
      userSortCode: l.slice(17, 23),
      userAccount: l.slice(23, 31),
      amount: Number(l.slice(35, 46)),
      reference: l.slice(64, 82).trimEnd(),
      name: l.slice(82, 100).trimEnd(),
      width: l.length,
    }));
    const payer = {
      sortCode: '200000',
      account: '55779911',
      userSortCode: '401276',
      userAccount: '41234567',
      width: 100,
    };
    const reference = mandateRef.toUpperCase();
    expect(records).toEqual([
      { ...payer, code: '0N', amount: 0, reference, name: 'JANE DOE' },
      { ...payer, code: '01', amount: 1250, reference, name: 'JANE DOE' },
      { ...payer, code: '17', amount: 990, reference, name: 'JANE DOE' },
      expect.objectContaining({
        sortCode: '401276',
        account: '41234567',
        code: '99',
        amount: 2240,
        reference: 'CONTRA',
      }),
    ]);
    expect(lines.slice(-3).map((l) => l.slice(0, 4))).toEqual(['EOF1', 'EOF2', 'UTL1']);
    // Each item is named as an ARUDD, AUDDIS or ADDACS report names it: the Bacs reference.
    expect((await itemsOf(submission!.id)).map((i) => [i.resource_id, i.instruction, i.reference])).toEqual([
      [mandateId, '0N', reference],
      [first, '01', reference],
      [second, '17', reference],
    ]);

    // The day again: no second file, nothing left to select.
    expect(await run(m, 'bacs')).toEqual([]);
    const listed = await m.api.get('/bank_submissions?scheme=bacs');
    expect(listed.body.bank_submissions.map((s: { id: string }) => s.id)).toEqual([submission!.id]);
    expect(listed.body.bank_submissions[0]).toMatchObject({ status: 'pending', links: { creditor: m.creditorId } });

    const marked = await post(m.api, `/bank_submissions/${submission!.id}/actions/mark_submitted`, {});
    // Marked submitted, and at once answered by the sandbox's bank: its input report accepts the file (decision 0092).
    expect(marked.bank_submissions).toMatchObject({ status: 'accepted' });
    const again = await m.api.post(`/bank_submissions/${submission!.id}/actions/mark_submitted`, {});
    expect(again.status).toBe(422);
    expect(again.body.error.type).toBe('invalid_state');
    expect(again.body.error.errors[0].reason).toBe('bank_submission_not_pending');
    expect((await m.api.get('/bank_submissions?status=pending')).body.bank_submissions).toEqual([]);
  });

  it('SEPA Core: a pain.008.001.08 file, FRST then RCUR, valid against the ISO 20022 schema, by end-to-end id', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'sepa_core');
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'EUR' });
    const first = await payment(m, mandateId, 2500, 'EUR');
    const second = await payment(m, mandateId, 1000, 'EUR');
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/payments/${first}`)).toBe('pending_submission');

    const [submission] = await run(m, 'sepa_core');
    expect(submission).toMatchObject({ item_count: 2, total_amount: 3500, file_reference: submission!.id });
    expect(await statusOf(m, `/payments/${first}`)).toBe('submitted');
    // Submitted with its first payment; active only when the bank's report says so.
    expect(await statusOf(m, `/mandates/${mandateId}`)).toBe('submitted');
    await server.schemeClock.runDue();
    expect(await statusOf(m, `/payments/${first}`)).toBe('submitted');

    const file = await fileOf(m, submission!.id);
    expect(file.headers['content-type']).toBe('application/xml');
    expectValidAgainst(file.text, 'pain.008.001.08.xsd');
    expect(file.text).toContain(`<MsgId>${submission!.id}</MsgId>`);
    expect([...file.text.matchAll(/<SeqTp>(\w+)<\/SeqTp>/g)].map((x) => x[1])).toEqual(['FRST', 'RCUR']);
    expect([...file.text.matchAll(/<EndToEndId>(\w+)<\/EndToEndId>/g)].map((x) => x[1])).toEqual([first, second]);
    expect(file.text).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect((await itemsOf(submission!.id)).map((i) => [i.resource_id, i.instruction, i.reference])).toEqual([
      [first, 'FRST', first],
      [second, 'RCUR', second],
    ]);
  });

  it('ACH: a Nacha file read back by the reader, totals and trace numbers agreeing; the cut-off job waits for the cut-off time', async () => {
    const m = await server.merchant();
    // 16:30 New York is 21:30 UTC in December.
    await useFileBank(m, 'ach', '16:30');
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'USD' });
    const payments = [await payment(m, mandateId, 4200, 'USD'), await payment(m, mandateId, 800, 'USD')];
    await server.schemeClock.runDue();

    expect(await server.services.bankSubmissions.runDue()).toBe(0);
    expect(await statusOf(m, `/payments/${payments[0]}`)).toBe('pending_submission');
    clock.set(new Date('2026-12-07T21:31:00.000Z'));
    try {
      expect(await server.services.bankSubmissions.runDue()).toBeGreaterThanOrEqual(1);
      expect(await server.services.bankSubmissions.runDue()).toBe(0);
    } finally {
      clock.set(new Date('2026-12-07T09:00:00.000Z'));
    }
    const listed = (await m.api.get('/bank_submissions?scheme=ach')).body.bank_submissions as { id: string }[];
    expect(listed).toHaveLength(1);
    expect(await statusOf(m, `/payments/${payments[1]}`)).toBe('submitted');

    const file = await fileOf(m, listed[0]!.id);
    expect(file.headers['content-disposition']).toMatch(/\.ach"$/);
    const read = readNacha(file.text);
    expect(read.totals).toMatchObject({ batchCount: 1, entryAndAddendaCount: 2, totalDebit: 5000, totalCredit: 0 });
    // Authorised on the payment pages: a WEB entry (PPD on paper or by phone, CCD for a business).
    expect(read.batches[0]).toMatchObject({ secCode: 'WEB', serviceClassCode: '225', odfi: '02100002' });
    const entries = read.batches[0]!.entries;
    expect(entries.map((e) => [e.transactionCode, e.amount, e.name.trim()])).toEqual([
      ['27', 4200, 'JOHN DOE'],
      ['27', 800, 'JOHN DOE'],
    ]);
    // A return names the entry by its trace number: that is the item's reference.
    const items = await itemsOf(listed[0]!.id);
    expect(items.map((i) => [i.resource_id, i.reference])).toEqual(
      entries.map((e, index) => [payments[index], e.traceNumber]),
    );
    expect(items.map((i) => i.reference)).toEqual(['021000020000001', '021000020000002']);
  });

  it('a crash mid-run leaves no file and nothing submitted; the next run writes the whole day', async () => {
    const m = await server.merchant();
    await useFileBank(m, 'bacs');
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const id = await payment(m, mandateId, 700, 'GBP');
    runHooks.afterInsert = () => Promise.reject(new Error('the process died here'));
    const crashed = await m.api.post('/bank_submissions/actions/run', { data: { scheme: 'bacs' } });
    expect(crashed.status).toBe(500);
    runHooks.afterInsert = undefined;
    expect((await m.api.get('/bank_submissions')).body.bank_submissions).toEqual([]);
    const { rows } = await server.services.db.query(
      'SELECT 1 FROM bank_submission_items i JOIN bank_submissions s ON s.id = i.submission_id WHERE s.creditor_id = $1',
      [m.creditorId],
    );
    expect(rows).toEqual([]);
    expect(await statusOf(m, `/payments/${id}`)).toBe('pending_submission');
    expect(await statusOf(m, `/mandates/${mandateId}`)).toBe('pending_submission');

    const [submission] = await run(m, 'bacs');
    expect(submission).toMatchObject({ item_count: 2, total_amount: 700 });
    expect(await statusOf(m, `/payments/${id}`)).toBe('submitted');
  });

  it("keeps organisations apart: another organisation's submission is 404 everywhere, its creditor's banks too", async () => {
    const owner = await server.merchant();
    await useFileBank(owner, 'bacs');
    const { mandateId } = await createMandateViaBillingRequest(owner, { currency: 'GBP' });
    await payment(owner, mandateId, 500, 'GBP');
    const [submission] = await run(owner, 'bacs');
    const other = await server.merchant();
    for (const res of [
      await other.api.get(`/bank_submissions/${submission!.id}`),
      await other.api.get(`/bank_submissions/${submission!.id}/file`),
      await other.api.post(`/bank_submissions/${submission!.id}/actions/mark_submitted`, {}),
      await other.api.get(`/creditors/${owner.creditorId}/bank_connections`),
      await other.api.put(`/creditors/${owner.creditorId}/bank_connections`, {
        bank_connections: { scheme: 'bacs', kind: 'simulated' },
      }),
    ])
      expect(res.status).toBe(404);
    expect((await other.api.get('/bank_submissions')).body.bank_submissions).toEqual([]);
    expect((await other.api.get(`/bank_submissions?creditor=${owner.creditorId}`)).body.bank_submissions).toEqual([]);
    // The other organisation's own run does not touch the owner's creditor.
    expect(await run(other, 'bacs')).toEqual([]);
  });

  it('lists a creditor’s banks with the sandbox default, refuses a file bank without the account its file names', async () => {
    const m = await server.merchant();
    const listed = await m.api.get(`/creditors/${m.creditorId}/bank_connections`);
    expect(listed.status).toBe(200);
    expect(
      listed.body.bank_connections.map((c: { scheme: string; kind: string; configured: boolean }) => [
        c.scheme,
        c.kind,
        c.configured,
      ]),
    ).toEqual([
      ['bacs', 'simulated', false],
      ['sepa_core', 'simulated', false],
      ['ach', 'simulated', false],
      ['becs', 'simulated', false],
    ]);
    const missing = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
      bank_connections: { scheme: 'sepa_core', kind: 'file' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.errors[0].reason).toBe('bank_connection_not_available');
    const unknown = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
      bank_connections: { scheme: 'autogiro', kind: 'file' },
    });
    expect(unknown.status).toBe(422);
    const badTime = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
      bank_connections: { scheme: 'bacs', kind: 'file', cutoff_time: '25:00', originator: FILE_BANK_ORIGINATORS.bacs },
    });
    expect(badTime.status).toBe(422);
    expect((await m.api.get(`/creditors/${m.creditorId}/bank_connections`)).body.bank_connections[0].configured).toBe(
      false,
    );
    const document = (await m.api.get('/openapi.json')).body;
    expect(document.paths['/bank_submissions/{id}/file'].get['x-bankflow-extension']).toBe(true);
    expect(document.paths['/creditors/{id}/bank_connections'].put['x-bankflow-extension']).toBe(true);
  });
});

describe('the file bank in live', () => {
  let live: TestServer;
  beforeAll(async () => {
    live = await startTestServer({ clock, env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
  });
  afterAll(() => live?.close());

  it('defaults to the file bank, refuses the simulated one and the sandbox rehearsal, with their reasons', async () => {
    const m = await live.merchant();
    // The factory gives live merchants the simulated bank for clock journeys; this one has none.
    await live.services.db.query('DELETE FROM bank_connections WHERE creditor_id = $1', [m.creditorId]);
    const listed = await m.api.get(`/creditors/${m.creditorId}/bank_connections`);
    expect(
      listed.body.bank_connections.map((c: { kind: string; configured: boolean }) => [c.kind, c.configured]),
    ).toEqual([
      ['file', false],
      ['file', false],
      ['file', false],
      ['file', false],
    ]);
    const simulated = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
      bank_connections: { scheme: 'bacs', kind: 'simulated' },
    });
    expect(simulated.status).toBe(400);
    expect(simulated.body.error.type).toBe('invalid_api_usage');
    expect(simulated.body.error.errors[0].reason).toBe('bank_connection_not_available');
    const rehearsal = await m.api.post('/bank_submissions/actions/run', { data: {} });
    expect(rehearsal.body.error.type).toBe('invalid_api_usage');
    expect(rehearsal.body.error.errors[0].reason).toBe('feature_disabled');
    const file = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
      bank_connections: { scheme: 'bacs', kind: 'file', originator: FILE_BANK_ORIGINATORS.bacs },
    });
    expect(file.body.bank_connections).toMatchObject({ kind: 'file', cutoff_time: '20:00', configured: true });
  });
});
