import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { sshKeyPair, startSftpServer, startSilentServer } from '../support/sftp-server';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Host-to-host delivery over SFTP (issue #36, decision 0082) against a real SFTP server the test
 * starts (ssh2's own): a cut-off's file uploaded whole and marked submitted, reports pulled and
 * imported as POST /bank_reports imports them, the bank's host key pinned, a server that is down
 * or silent retried without holding the job. The job is driven by hand (`services.bankTransport`).
 */
let server: TestServer;
// Monday 7 December 2026, 09:00 in London.
const clock = new ManualClock('2026-12-07T09:00:00.000Z');
const client = sshKeyPair();
const TIMEOUT_MS = 1_500;

beforeAll(async () => {
  server = await startTestServer({
    clock,
    schemeClockIntervalMs: 0,
    bankTransport: { intervalMs: 0, timeoutMs: TIMEOUT_MS },
  });
});
afterAll(() => server?.close());

const ORIGINATOR = { sort_code: '401276', account_number: '41234567' };

function sftpSettings(bank: { port: number; hostKeySha256: string }, extra: Record<string, unknown> = {}) {
  return {
    host: '127.0.0.1',
    port: bank.port,
    username: 'bankflow',
    host_key_sha256: bank.hostKeySha256,
    private_key: client.privateKey,
    submissions_dir: '/outbox',
    reports_dir: '/inbox',
    ...extra,
  };
}

async function connect(m: Merchant, sftp: Record<string, unknown> | null | undefined, expected = 200) {
  const res = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
    bank_connections: { scheme: 'bacs', kind: 'file', cutoff_time: '15:00', originator: ORIGINATOR, sftp },
  });
  expect(res.status, res.text).toBe(expected);
  return res;
}

const startBank = () => startSftpServer({ clientPrivateKey: client.privateKey, dirs: ['/outbox', '/inbox'] });

/** A Bacs mandate with one payment, and the day's file written by the cut-off (still pending). */
async function cutOff(m: Merchant, amount = 1250) {
  const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  const reference = ((await m.api.get(`/mandates/${mandateId}`)).body.mandates.reference as string).toUpperCase();
  const paymentId = (
    await post(m.api, '/payments', { payments: { amount, currency: 'GBP', links: { mandate: mandateId } } }, 201)
  ).payments.id as string;
  const [submission] = (await post(m.api, '/bank_submissions/actions/run', { data: { scheme: 'bacs' } }))
    .bank_submissions as { id: string; file_name: string; status: string }[];
  expect(submission).toMatchObject({ status: 'pending' });
  return { mandateId, paymentId, reference, submission: submission! };
}

const submissionOf = async (m: Merchant, id: string) =>
  (await m.api.get(`/bank_submissions/${id}`)).body.bank_submissions;
const uploadOf = async (id: string) =>
  (
    await server.services.db.query<{ attempts: number; last_error: string | null; uploaded_at: Date | null }>(
      'SELECT attempts, last_error, uploaded_at FROM bank_sftp_uploads WHERE submission_id = $1',
      [id],
    )
  ).rows[0];

const arudd = (reference: string, amount: string) =>
  `<?xml version="1.0"?><BACSDocument><Data><ARUDD>
  <Header reportType="REFT1019" adviceNumber="00007" currentProcessingDate="2026-12-10"/>
  <ServiceLicenseInformation userName="TRANSPORT CO" userNumber="123456"/>
  <Advice><OriginatingAccountRecords><OriginatingAccountRecord>
  <OriginatingAccount name="TRANSPORT CO" number="41234567" sortCode="401276" type="C"/>
  <ReturnedDebitItem ref="${reference}" transCode="01" returnCode="0128" returnDescription="REFER TO PAYER"
    originalProcessingDate="2026-12-08" valueOf="${amount}" currency="GBP"><PayerAccount number="55779911" sortCode="200000"/></ReturnedDebitItem>
  </OriginatingAccountRecord></OriginatingAccountRecords></Advice></ARUDD></Data></BACSDocument>`;

describe('SFTP settings on a bank connection', () => {
  it('keeps the private key sealed and write-only, shows its public half, and refuses bad settings writing nothing', async () => {
    const m = await server.merchant();
    const bank = { port: 2222, hostKeySha256: `SHA256:${'A'.repeat(43)}` };
    const set = await connect(m, sftpSettings(bank));
    expect(set.body.bank_connections.sftp).toEqual({
      host: '127.0.0.1',
      port: 2222,
      username: 'bankflow',
      host_key_sha256: bank.hostKeySha256,
      submissions_dir: '/outbox',
      reports_dir: '/inbox',
      report_format: null,
      has_private_key: true,
      client_key_sha256: client.fingerprint,
      client_public_key: expect.stringMatching(/^ecdsa-sha2-nistp256 [A-Za-z0-9+/=]+$/),
    });
    const listed = await m.api.get(`/creditors/${m.creditorId}/bank_connections`);
    expect(listed.text).not.toContain('PRIVATE KEY');
    const { rows } = await server.services.db.query<{ sftp: object; sftp_private_key_sealed: string }>(
      'SELECT sftp, sftp_private_key_sealed FROM bank_connections WHERE creditor_id = $1',
      [m.creditorId],
    );
    expect(rows[0]!.sftp_private_key_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(rows[0])).not.toContain('PRIVATE KEY');

    // A change without the key keeps the sealed one; omitting `sftp` keeps the settings.
    const { private_key: _key, ...withoutKey } = sftpSettings(bank, { port: 2022 });
    expect((await connect(m, withoutKey)).body.bank_connections.sftp).toMatchObject({
      port: 2022,
      has_private_key: true,
      client_key_sha256: client.fingerprint,
    });
    expect((await connect(m, undefined)).body.bank_connections.sftp).toMatchObject({ port: 2022 });

    const badKey = await connect(m, sftpSettings(bank, { private_key: 'not a key' }), 422);
    expect(badKey.body.error.type).toBe('validation_failed');
    expect(badKey.body.error.errors[0]).toMatchObject({
      field: 'sftp.private_key',
      request_pointer: '/bank_connections/sftp/private_key',
    });
    const badHostKey = await connect(m, sftpSettings(bank, { host_key_sha256: 'md5:aa:bb' }), 422);
    expect(badHostKey.body.error.type).toBe('validation_failed');
    const simulated = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
      bank_connections: { scheme: 'bacs', kind: 'simulated', sftp: sftpSettings(bank) },
    });
    expect(simulated.status).toBe(400);
    expect(simulated.body.error.errors[0].reason).toBe('bank_connection_not_available');
    const after = (await m.api.get(`/creditors/${m.creditorId}/bank_connections`)).body.bank_connections[0];
    expect(after).toMatchObject({ kind: 'file', sftp: { port: 2022, has_private_key: true } });

    // A first SFTP setting without a key has nothing to log in with.
    const fresh = await server.merchant();
    const noKey = await connect(fresh, withoutKey, 422);
    expect(noKey.body.error.errors[0]).toMatchObject({ field: 'sftp.private_key' });
    // null removes SFTP delivery and its key.
    expect((await connect(m, null)).body.bank_connections.sftp).toBeNull();
  });
});

describe('pushing submissions', () => {
  it('uploads the cut-off’s file under a temporary name, renames it whole, marks it submitted; a second round does nothing', async () => {
    const bank = await startBank();
    try {
      const m = await server.merchant();
      await connect(m, sftpSettings(bank));
      const { paymentId, submission } = await cutOff(m);
      const file = await m.api.get(`/bank_submissions/${submission.id}/file`);

      await server.services.bankTransport.push();
      const landed = `/outbox/${submission.file_name}`;
      expect(bank.files.get(landed)?.toString('utf8')).toBe(file.text);
      expect(bank.operations).toEqual([
        `open /outbox/.${submission.file_name}.part`,
        `rename /outbox/.${submission.file_name}.part ${landed}`,
      ]);
      expect([...bank.files.keys()]).toEqual([landed]);
      expect(await submissionOf(m, submission.id)).toMatchObject({ status: 'submitted' });
      expect(await uploadOf(submission.id)).toMatchObject({ attempts: 1, last_error: null });
      // The instructions it holds were moved with their events at the cut-off.
      const events = (await m.api.get(`/events?payment=${paymentId}`)).body.events as { action: string }[];
      expect(events.map((e) => e.action)).toContain('submitted');

      await server.services.bankTransport.push();
      expect(bank.operations).toHaveLength(2);
      // The merchant's own mark finds it submitted already.
      const again = await m.api.post(`/bank_submissions/${submission.id}/actions/mark_submitted`, {});
      expect(again.status).toBe(422);
      expect(again.body.error.errors[0].reason).toBe('bank_submission_not_pending');
    } finally {
      await bank.close();
    }
  });

  it('a file already on the bank’s server (an upload before a crash) is not uploaded twice, and the submission is marked', async () => {
    const bank = await startBank();
    try {
      const m = await server.merchant();
      await connect(m, sftpSettings(bank));
      const { submission } = await cutOff(m);
      const file = await m.api.get(`/bank_submissions/${submission.id}/file`);
      bank.files.set(`/outbox/${submission.file_name}`, Buffer.from(file.text, 'utf8'));
      await server.services.bankTransport.push();
      expect(bank.operations).toEqual([]);
      expect(await submissionOf(m, submission.id)).toMatchObject({ status: 'submitted' });
    } finally {
      await bank.close();
    }
  });

  it('refuses a server whose host key is not the pinned one: nothing uploaded, nothing marked, the error recorded', async () => {
    const bank = await startBank();
    try {
      const m = await server.merchant();
      await connect(m, sftpSettings(bank, { host_key_sha256: sshKeyPair().fingerprint }));
      const { submission } = await cutOff(m);
      await server.services.bankTransport.push();
      expect(bank.files.size).toBe(0);
      expect(bank.operations).toEqual([]);
      expect(await submissionOf(m, submission.id)).toMatchObject({ status: 'pending', submitted_at: null });
      expect((await uploadOf(submission.id))?.last_error).toMatch(/^host_key_mismatch: host key SHA256:/);
    } finally {
      await bank.close();
    }
  });

  it('retries a server that was down once it is back, after the wait, and delivers once', async () => {
    const bank = await startBank();
    try {
      const m = await server.merchant();
      await connect(m, sftpSettings(bank));
      const { submission } = await cutOff(m);
      await bank.down();
      await server.services.bankTransport.push();
      expect(await submissionOf(m, submission.id)).toMatchObject({ status: 'pending' });
      expect(await uploadOf(submission.id)).toMatchObject({
        attempts: 1,
        last_error: expect.stringMatching(/^connection_failed: /),
        uploaded_at: null,
      });
      await bank.up();
      // Within the wait nothing is tried again.
      await server.services.bankTransport.push();
      expect(await uploadOf(submission.id)).toMatchObject({ attempts: 1 });
      expect(bank.files.size).toBe(0);

      clock.advance(31_000);
      await server.services.bankTransport.push();
      expect(await submissionOf(m, submission.id)).toMatchObject({ status: 'submitted' });
      expect(await uploadOf(submission.id)).toMatchObject({ attempts: 2, last_error: null });
      expect([...bank.files.keys()]).toEqual([`/outbox/${submission.file_name}`]);
    } finally {
      await bank.close();
    }
  });

  it('gives up on a silent server at its timeout, so the job round ends', async () => {
    const silent = await startSilentServer();
    try {
      const m = await server.merchant();
      await connect(m, sftpSettings({ port: silent.port, hostKeySha256: sshKeyPair().fingerprint }));
      const { submission } = await cutOff(m);
      const started = Date.now();
      await server.services.bankTransport.push();
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
      expect((await uploadOf(submission.id))?.last_error).toMatch(/^timeout: /);
      expect(await submissionOf(m, submission.id)).toMatchObject({ status: 'pending' });
    } finally {
      await silent.close();
    }
  });
});

describe('pulling reports', () => {
  it('imports a new report as POST /bank_reports does and moves the payment; a second pull changes nothing', async () => {
    const bank = await startBank();
    try {
      const m = await server.merchant();
      await connect(m, sftpSettings(bank));
      const { paymentId, reference } = await cutOff(m, 1250);
      await server.services.bankTransport.push();
      expect(await m.api.get(`/payments/${paymentId}`).then((r) => r.body.payments.status)).toBe('submitted');

      bank.files.set('/inbox/ARUDD-20261210.xml', Buffer.from(arudd(reference, '12.50'), 'utf8'));
      bank.files.set('/inbox/garbled.xml', Buffer.from('<BACSDocument><Data><ARUDD>', 'utf8'));
      // A file the bank is still writing (dot-named) is left for later.
      bank.files.set('/inbox/.partial.xml', Buffer.from('<', 'utf8'));
      const first = await server.services.bankTransport.pull();
      expect(first).toMatchObject({ imported: 1, refused: 1 });

      const payment = (await m.api.get(`/payments/${paymentId}`)).body.payments;
      expect(payment.status).toBe('failed');
      const events = (await m.api.get(`/events?payment=${paymentId}`)).body.events as {
        action: string;
        details: { origin: string };
      }[];
      expect(events.find((e) => e.action === 'failed')?.details.origin).toBe('bank');
      const reports = (await m.api.get('/bank_reports')).body.bank_reports as {
        file_name: string;
        applied_count: number;
      }[];
      expect(reports).toEqual([expect.objectContaining({ file_name: 'ARUDD-20261210.xml', applied_count: 1 })]);
      const { rows: pulls } = await server.services.db.query<{
        remote_name: string;
        status: string;
        error: string | null;
      }>('SELECT remote_name, status, error FROM bank_sftp_pulls WHERE creditor_id = $1 ORDER BY remote_name', [
        m.creditorId,
      ]);
      expect(pulls).toEqual([
        { remote_name: 'ARUDD-20261210.xml', status: 'imported', error: null },
        { remote_name: 'garbled.xml', status: 'refused', error: expect.stringMatching(/^bank_report_malformed/) },
      ]);

      const second = await server.services.bankTransport.pull();
      expect(second).toMatchObject({ imported: 0, refused: 0 });
      expect((await m.api.get('/bank_reports')).body.bank_reports).toHaveLength(1);
      const after = (await m.api.get(`/events?payment=${paymentId}`)).body.events as unknown[];
      expect(after).toHaveLength(events.length);
    } finally {
      await bank.close();
    }
  });
});
