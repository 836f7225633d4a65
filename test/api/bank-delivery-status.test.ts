import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { sshKeyPair, startSftpServer } from '../support/sftp-server';
import { startTestServer, type TestServer } from '../support/server';

/**
 * SFTP delivery in the API (issue #36, decision 0092): a submission shows its upload — retrying
 * with the last error and the next attempt, then uploaded — and `GET /bank_sftp_pulls` lists each
 * report file pulled from the bank, imported with its report or refused with its reason.
 */
let server: TestServer;
const clock = new ManualClock('2026-12-07T09:00:00.000Z');
const client = sshKeyPair();

beforeAll(async () => {
  server = await startTestServer({
    clock,
    schemeClockIntervalMs: 0,
    bankTransport: { intervalMs: 0, timeoutMs: 1_500 },
  });
});
afterAll(() => server?.close());

async function connect(m: Merchant, bank: { port: number; hostKeySha256: string }) {
  const res = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
    bank_connections: {
      scheme: 'bacs',
      kind: 'file',
      cutoff_time: '15:00',
      originator: { sort_code: '401276', account_number: '41234567' },
      sftp: {
        host: '127.0.0.1',
        port: bank.port,
        username: 'bankflow',
        host_key_sha256: bank.hostKeySha256,
        private_key: client.privateKey,
        submissions_dir: '/outbox',
        reports_dir: '/inbox',
      },
    },
  });
  expect(res.status, res.text).toBe(200);
}

async function cutOff(m: Merchant) {
  const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  await post(m.api, '/payments', { payments: { amount: 1250, currency: 'GBP', links: { mandate: mandateId } } }, 201);
  const [submission] = (await post(m.api, '/bank_submissions/actions/run', { data: { scheme: 'bacs' } }))
    .bank_submissions as { id: string; file_name: string; sftp_upload: unknown }[];
  return submission!;
}

const submissionOf = async (m: Merchant, id: string) => {
  const res = await m.api.get(`/bank_submissions/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.bank_submissions;
};

describe('SFTP delivery in the API', () => {
  it('shows an upload retrying with its last error and next attempt, then uploaded; in the list too', async () => {
    const bank = await startSftpServer({ clientPrivateKey: client.privateKey, dirs: ['/outbox', '/inbox'] });
    try {
      const m = await server.merchant();
      await connect(m, bank);
      const submission = await cutOff(m);
      expect(submission.sftp_upload).toBeNull();
      await bank.down();
      await server.services.bankTransport.push();
      expect((await submissionOf(m, submission.id)).sftp_upload).toEqual({
        status: 'retrying',
        attempts: 1,
        last_error: expect.stringMatching(/^connection_failed: /),
        next_attempt_at: new Date(clock.now().getTime() + 30_000).toISOString(),
        uploaded_at: null,
      });
      const listed = (await m.api.get('/bank_submissions?status=pending')).body.bank_submissions as {
        id: string;
        sftp_upload: { status: string } | null;
      }[];
      expect(listed.find((s) => s.id === submission.id)?.sftp_upload?.status).toBe('retrying');

      await bank.up();
      clock.advance(31_000);
      await server.services.bankTransport.push();
      const delivered = await submissionOf(m, submission.id);
      expect(delivered).toMatchObject({
        status: 'submitted',
        sftp_upload: { status: 'uploaded', attempts: 2, last_error: null, next_attempt_at: null },
      });
      expect(delivered.sftp_upload.uploaded_at).toBe(delivered.submitted_at);
    } finally {
      await bank.close();
    }
  });

  it("lists each pulled report file, imported (with its report) or refused (with its reason); another organisation's are not shown", async () => {
    const bank = await startSftpServer({ clientPrivateKey: client.privateKey, dirs: ['/outbox', '/inbox'] });
    try {
      const m = await server.merchant();
      await connect(m, bank);
      const input = `<?xml version="1.0"?><BACSDocument><Data><InputReport>
<SubmissionInformation volumeSerialNumber="NOSUCH"/>
<AgreementOfFileTotals><DebitEntry><AcceptedRecords numberOf="0" valueOf="0.00"/><RejectedRecords numberOf="0" valueOf="0.00"/></DebitEntry>
<CreditEntry><AcceptedRecords numberOf="0" valueOf="0.00"/><RejectedRecords numberOf="0" valueOf="0.00"/></CreditEntry></AgreementOfFileTotals>
</InputReport></Data></BACSDocument>`;
      bank.files.set('/inbox/input-report.xml', Buffer.from(input, 'utf8'));
      bank.files.set('/inbox/garbled.xml', Buffer.from('<BACSDocument><Data><ARUDD>', 'utf8'));
      await server.services.bankTransport.pull();

      const res = await m.api.get(`/bank_sftp_pulls?creditor=${m.creditorId}`);
      expect(res.status, res.text).toBe(200);
      const pulls = res.body.bank_sftp_pulls as {
        id: string;
        remote_name: string;
        status: string;
        error: string | null;
        links: Record<string, string>;
      }[];
      const byName = Object.fromEntries(pulls.map((p) => [p.remote_name, p]));
      expect(Object.keys(byName).sort()).toEqual(['garbled.xml', 'input-report.xml']);
      expect(byName['garbled.xml']).toMatchObject({
        id: expect.stringMatching(/^BKP/),
        scheme: 'bacs',
        status: 'refused',
        error: expect.stringMatching(/^bank_report_malformed/),
        links: { creditor: m.creditorId },
      });
      const imported = byName['input-report.xml']!;
      expect(imported).toMatchObject({ status: 'imported', error: null });
      expect((await m.api.get(`/bank_reports/${imported.links.bank_report}`)).body.bank_reports.file_name).toBe(
        'input-report.xml',
      );
      const refused = await m.api.get('/bank_sftp_pulls?status=refused');
      expect(refused.body.bank_sftp_pulls.map((p: { remote_name: string }) => p.remote_name)).toEqual(['garbled.xml']);
      const limited = await m.api.get('/bank_sftp_pulls?limit=1');
      expect(limited.body.bank_sftp_pulls).toHaveLength(1);
      expect(limited.body.meta.cursors.after).toBe(limited.body.bank_sftp_pulls[0].id);

      const other = await server.merchant();
      expect((await other.api.get('/bank_sftp_pulls')).body.bank_sftp_pulls).toEqual([]);
      const bad = await m.api.get('/bank_sftp_pulls?status=lost');
      expect(bad.status).toBe(422);
      expect(bad.body.error.type).toBe('validation_failed');
    } finally {
      await bank.close();
    }
  });
});
