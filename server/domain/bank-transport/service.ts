import type { BankReportFormat } from '../bank-port/port';
import { insertInto } from '../shared/table';
import { bankSftpPullsTable, bankSftpUploadsTable, type BankSftpPullRow } from './queries';
import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { unseal } from '../bank-account-details/seal';
import type { createBankReportService } from '../bank-reports/service';
import { markSubmissionSubmitted } from '../bank-submissions/service';
import type { SandboxBank } from '../sandbox-bank/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { isDomainError } from '../shared/errors';
import type { BankSftpSettings } from './settings';
import type { SftpTarget } from './sftp';

const UPSERT_UPLOAD = insertInto(
  bankSftpUploadsTable,
  [
    'submission_id',
    'organisation_id',
    'attempts',
    'next_attempt_at',
    'last_error',
    'uploaded_at',
    'created_at',
    'updated_at',
  ],
  `ON CONFLICT (submission_id) DO UPDATE SET attempts = EXCLUDED.attempts, next_attempt_at = EXCLUDED.next_attempt_at,
     last_error = EXCLUDED.last_error, uploaded_at = EXCLUDED.uploaded_at, updated_at = EXCLUDED.updated_at`,
);

const INSERT_PULL = insertInto(
  bankSftpPullsTable,
  ['id', 'organisation_id', 'creditor_id', 'scheme', 'remote_name', 'status', 'report_id', 'error', 'created_at'],
  'ON CONFLICT (creditor_id, scheme, remote_name) DO NOTHING',
);

// ssh2 loads with the first transfer, not at every start (about 0.2 s; a CLI command never needs it).
const loadSftp = () => import('./sftp');

interface TransportDeps {
  sealingSecret: string;
  bankReports: () => Pick<ReturnType<typeof createBankReportService>, 'importReport'>;
  /** The sandbox's file bank, answering an uploaded submission as a marked one (decision 0092). */
  sandboxBank?: () => Pick<SandboxBank, 'answer'>;
  /** One SFTP session's whole budget: connect, log in, transfer (default 30 s). */
  timeoutMs?: number;
}

interface ConnectionTarget {
  organisation_id: string;
  creditor_id: string;
  scheme: string;
  sftp: BankSftpSettings;
  sftp_private_key_sealed: string;
}

/** The wait before the next upload attempt: doubling from 30 s, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
const BATCH = 50;

/**
 * Host-to-host delivery over SFTP (issue #36, decision 0082), the outside effect of the file bank:
 * a pending submission whose connection has SFTP is uploaded after the cut-off's commit (renamed
 * into place whole) and then marked submitted as the merchant's mark does; reports are pulled from
 * the bank's directory and imported as `POST /bank_reports` imports them, each remote name once.
 */
export function createBankTransportService(ctx: DomainContext, deps: TransportDeps) {
  const timeoutMs = deps.timeoutMs ?? 30_000;
  const targetOf = (c: ConnectionTarget): SftpTarget => ({
    host: c.sftp.host,
    port: c.sftp.port,
    username: c.sftp.username,
    hostKeySha256: c.sftp.host_key_sha256,
    privateKey: unseal(deps.sealingSecret, c.sftp_private_key_sealed),
    timeoutMs,
  });
  /** An error as recorded and logged: its code first; never the key or the file. */
  const codeOf = (error: unknown) =>
    error instanceof Error && error.name === 'SftpError' && 'code' in error ? String(error.code) : 'error';
  const describe = (error: unknown) => `${codeOf(error)}: ${error instanceof Error ? error.message : String(error)}`;

  /** Uploads every due pending submission; returns how many were delivered and marked. */
  async function push(): Promise<number> {
    const { uploadWhole, withSftp } = await loadSftp();
    const now = ctx.clock.now();
    const { rows } = await ctx.db.query<ConnectionTarget & { id: string; file_name: string; attempts: number | null }>(
      `SELECT s.id, s.organisation_id, s.creditor_id, s.scheme, s.file_name, c.sftp, c.sftp_private_key_sealed, u.attempts
         FROM bank_submissions s
         JOIN bank_connections c ON c.creditor_id = s.creditor_id AND c.scheme = s.scheme
         LEFT JOIN bank_sftp_uploads u ON u.submission_id = s.id
        WHERE s.status = 'pending' AND c.kind = 'file' AND c.sftp IS NOT NULL AND c.sftp_private_key_sealed IS NOT NULL
          AND (u.submission_id IS NULL OR u.next_attempt_at <= $1)
        ORDER BY s.id LIMIT ${BATCH}`,
      [now],
    );
    let delivered = 0;
    for (const row of rows) {
      const { rows: file } = await ctx.db.query<{ file: Buffer }>(
        'SELECT file FROM bank_submissions WHERE id = $1 AND organisation_id = $2',
        [row.id, row.organisation_id],
      );
      const attempts = (row.attempts ?? 0) + 1;
      try {
        await withSftp(targetOf(row), (sftp) =>
          uploadWhole(sftp, row.sftp.submissions_dir, row.file_name, Buffer.from(file[0]!.file)),
        );
      } catch (error) {
        const at = ctx.clock.now();
        await recordUpload(row, attempts, new Date(at.getTime() + retryDelayMs(attempts)), describe(error), null);
        ctx.logger.warn('bank submission upload failed; retried later', {
          submission: row.id,
          attempts,
          error: codeOf(error),
        });
        continue;
      }
      // The file is on the bank's server: the same move as the merchant's mark, in one transaction with its record.
      await ctx.db.transaction(async (tx) => {
        const at = ctx.clock.now();
        const marked = await markSubmissionSubmitted(tx, row.organisation_id, row.id, at);
        await recordUpload(row, attempts, at, null, at, tx);
        // With a reports directory the server at the other end is the bank that answers (pulled below).
        if (marked && !row.sftp.reports_dir) await deps.sandboxBank?.().answer(tx, row.organisation_id, row.id);
      });
      delivered++;
    }
    return delivered;
  }

  async function recordUpload(
    row: { id: string; organisation_id: string },
    attempts: number,
    next: Date,
    error: string | null,
    uploadedAt: Date | null,
    db: Pick<typeof ctx.db, 'query'> = ctx.db,
  ) {
    const now = ctx.clock.now();
    await db.query(
      UPSERT_UPLOAD.text,
      UPSERT_UPLOAD.values({
        submission_id: row.id,
        organisation_id: row.organisation_id,
        attempts,
        next_attempt_at: next,
        last_error: error,
        uploaded_at: uploadedAt,
        created_at: now,
        updated_at: now,
      }),
    );
  }

  /** Lists each connection's reports directory and imports every file not pulled before. */
  async function pull(): Promise<{ imported: number; refused: number }> {
    const { downloadFile, listFiles, withSftp } = await loadSftp();
    const { rows: connections } = await ctx.db.query<ConnectionTarget>(
      `SELECT organisation_id, creditor_id, scheme, sftp, sftp_private_key_sealed FROM bank_connections
        WHERE kind = 'file' AND sftp_private_key_sealed IS NOT NULL AND sftp ->> 'reports_dir' IS NOT NULL
        ORDER BY creditor_id, scheme`,
    );
    const counts = { imported: 0, refused: 0 };
    for (const connection of connections) {
      const dir = connection.sftp.reports_dir!;
      let fetched: { name: string; bytes: Buffer }[];
      try {
        fetched = await withSftp(targetOf(connection), async (sftp) => {
          const names = await listFiles(sftp, dir);
          const { rows: known } = await ctx.db.query<{ remote_name: string }>(
            `SELECT remote_name FROM bank_sftp_pulls
              WHERE organisation_id = $1 AND creditor_id = $2 AND scheme = $3 AND remote_name = ANY($4)`,
            [connection.organisation_id, connection.creditor_id, connection.scheme, names],
          );
          const seen = new Set(known.map((k) => k.remote_name));
          const files: { name: string; bytes: Buffer }[] = [];
          for (const name of names.filter((n) => !seen.has(n)))
            files.push({ name, bytes: await downloadFile(sftp, dir, name) });
          return files;
        });
      } catch (error) {
        // Nothing recorded: the next round lists the directory again.
        ctx.logger.warn('bank report pull failed; tried again next round', {
          creditor: connection.creditor_id,
          scheme: connection.scheme,
          error: codeOf(error),
        });
        continue;
      }
      for (const file of fetched) {
        const outcome = await importPulled(connection, file);
        counts[outcome]++;
      }
    }
    return counts;
  }

  /** One pulled file through the importer, recorded with its name in the same transaction. */
  async function importPulled(connection: ConnectionTarget, file: { name: string; bytes: Buffer }) {
    const actor: Actor = { organisationId: connection.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
    const record = (
      db: Pick<typeof ctx.db, 'query'>,
      status: 'imported' | 'refused',
      reportId: string | null,
      error: string | null,
    ) =>
      db.query(
        INSERT_PULL.text,
        INSERT_PULL.values({
          id: ctx.ids('bankSftpPull'),
          organisation_id: connection.organisation_id,
          creditor_id: connection.creditor_id,
          scheme: connection.scheme,
          remote_name: file.name,
          status,
          report_id: reportId,
          error,
          created_at: ctx.clock.now(),
        }),
      );
    const format = connection.sftp.report_format ?? detectFormat(connection.scheme, file.bytes);
    if (!format) {
      await record(ctx.db, 'refused', null, 'bank_report_format_unknown');
      return 'refused' as const;
    }
    try {
      await ctx.db.transaction(async (tx) => {
        const { report } = await deps
          .bankReports()
          .importReport(tx, actor, { format, fileName: file.name, bytes: file.bytes });
        await record(tx, 'imported', report.id, null);
      });
      return 'imported' as const;
    } catch (error) {
      if (!isDomainError(error)) throw error;
      // A malformed report is kept as refused with its reason: never fetched and refused again.
      const line = error.options.metadata?.line;
      await record(ctx.db, 'refused', null, `${error.reason}${line ? ` at line ${String(line)}` : ''}`);
      return 'refused' as const;
    }
  }

  return {
    push,
    pull,
    /** The report files pulled over SFTP, newest first: imported with their report, or refused with the reason (decision 0092). */
    listPulls(
      db: Queryable,
      actor: Actor,
      filters: { creditor?: string; scheme?: string; status?: 'imported' | 'refused' },
      page: PageRequest,
    ): Promise<Page<BankSftpPullRow>> {
      const params = new Params();
      const where = [`organisation_id = ${params.add(actor.organisationId)}`];
      if (filters.creditor) where.push(`creditor_id = ${params.add(filters.creditor)}`);
      if (filters.scheme) where.push(`scheme = ${params.add(filters.scheme)}`);
      if (filters.status) where.push(`status = ${params.add(filters.status)}`);
      return pageQuery<BankSftpPullRow>(db, { from: 'bank_sftp_pulls', select: '*', where, params }, page);
    },

    /** One job round: uploads first (a cut-off's file waits for nothing), then the reports. */
    async runDue() {
      const delivered = await push();
      return { delivered, ...(await pull()) };
    },
  };
}

/**
 * A report's reader when the connection names none: by the scheme, and for SEPA by the message
 * the XML carries (pain.002 status report or camt.054 notification).
 */
function detectFormat(scheme: string, bytes: Buffer): BankReportFormat | undefined {
  if (scheme === 'bacs') return 'bacs';
  if (scheme === 'ach') return 'nacha';
  if (scheme === 'becs') return 'becs';
  if (scheme !== 'sepa_core') return undefined;
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (/pain\.002|CstmrPmtStsRpt/.test(head)) return 'pain.002';
  if (/camt\.05[234]|BkToCstmr/.test(head)) return 'camt';
  return undefined;
}
