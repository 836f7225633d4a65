import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { findCreditor, findCreditorById } from '../creditors/queries';
import type { CreditorRow } from '../creditors/types';
import { calendarFor } from '../schemes/calendars';
import { todayIn } from '../schemes/charge-dates';
import { startOfDay } from '../schemes/timing';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, notFound } from '../shared/errors';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { columnList, columnsExcept } from '../shared/table';
import {
  FILE_BANK_SCHEMES,
  findBankConnection,
  isFileBankScheme,
  listBankConnections,
  REFUND_SCHEMES,
  setBankConnection,
  type BankConnectionInput,
  type FileBankScheme,
} from './connections';
import type { SandboxBank } from '../sandbox-bank/service';
import { bankSubmissionsTable, type BankSubmissionRow, type BankSubmissionStatus } from './queries';
import { runSubmissionDay, submissionContentType } from './run';

/** A submission's SFTP upload as the API shows it (decision 0092): attempts, the last error, when it landed. */
export interface SubmissionUpload {
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  uploaded_at: Date | null;
}

/** A submission as listed: everything but the file's bytes, with its SFTP upload once one was tried. */
export type BankSubmissionSummary = Omit<BankSubmissionRow, 'file'> & { sftp_upload?: SubmissionUpload | null };

/** Each submission's upload record (`bank_sftp_uploads`), in one query for a page. */
async function withUploads<T extends { id: string }>(
  db: Queryable,
  rows: T[],
): Promise<(T & { sftp_upload: SubmissionUpload | null })[]> {
  if (rows.length === 0) return [];
  const { rows: uploads } = await db.query<SubmissionUpload & { submission_id: string }>(
    `SELECT submission_id, attempts, last_error, next_attempt_at, uploaded_at FROM bank_sftp_uploads
      WHERE submission_id = ANY($1)`,
    [rows.map((r) => r.id)],
  );
  const byId = new Map(uploads.map(({ submission_id, ...u }) => [submission_id, u]));
  return rows.map((r) => ({ ...r, sftp_upload: byId.get(r.id) ?? null }));
}
const SUMMARY = columnList(bankSubmissionsTable, columnsExcept(bankSubmissionsTable, ['file']));

interface BankSubmissionFilters {
  creditor?: string;
  scheme?: string;
  status?: BankSubmissionStatus;
}

/** The instant of an 'HH:MM' cut-off on a day, in the scheme calendar's zone. */
function cutoffInstant(scheme: FileBankScheme, day: string, cutoff: string): Date {
  const [hours, minutes] = cutoff.split(':').map(Number);
  return new Date(
    startOfDay(calendarFor(scheme).timeZone, day).getTime() + ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000,
  );
}

/**
 * The file bank's submissions (issue #36, decisions 0074 and 0081): the bank chosen per creditor
 * and scheme, the cut-off run that writes a day's file, and the files as the merchant downloads
 * and marks them. A bankflow extension of the API.
 */
export function createBankSubmissionService(
  ctx: DomainContext,
  deps: {
    sealingSecret: string;
    /** The sandbox's file bank, answering a submission once it is marked (decision 0092). */
    sandboxBank?: () => Pick<SandboxBank, 'answer'>;
  },
) {
  const run = (tx: Queryable, creditor: CreditorRow, scheme: FileBankScheme, day: string, at: Date) =>
    findBankConnection(tx, ctx.environment, creditor.id, scheme).then((connection) =>
      connection.kind === 'file'
        ? runSubmissionDay(tx, ctx, deps.sealingSecret, { creditor, scheme, connection, day, at })
        : [],
    );

  return {
    async connections(db: Queryable, actor: Actor, creditorId: string) {
      await findCreditor(db, actor.organisationId, creditorId);
      return listBankConnections(db, ctx.environment, actor.organisationId, creditorId);
    },

    async setConnection(tx: Queryable, actor: Actor, creditorId: string, input: BankConnectionInput) {
      await findCreditor(tx, actor.organisationId, creditorId, { lock: true });
      return setBankConnection(
        tx,
        deps.sealingSecret,
        ctx.environment,
        ctx.clock.now(),
        actor.organisationId,
        creditorId,
        input,
      );
    },

    async list(
      db: Queryable,
      actor: Actor,
      filters: BankSubmissionFilters,
      page: PageRequest,
    ): Promise<Page<BankSubmissionSummary>> {
      const params = new Params();
      const where = [`organisation_id = ${params.add(actor.organisationId)}`];
      if (filters.creditor) where.push(`creditor_id = ${params.add(filters.creditor)}`);
      if (filters.scheme) where.push(`scheme = ${params.add(filters.scheme)}`);
      if (filters.status) where.push(`status = ${params.add(filters.status)}`);
      const found = await pageQuery<BankSubmissionSummary>(
        db,
        { from: 'bank_submissions', select: SUMMARY, where, params },
        page,
      );
      return { ...found, items: await withUploads(db, found.items) };
    },

    get: async (db: Queryable, actor: Actor, id: string): Promise<BankSubmissionSummary> =>
      (await withUploads(db, [await findSubmission(db, actor, id, SUMMARY)]))[0]!,

    /** The file as stored, its content type and name. */
    async file(db: Queryable, actor: Actor, id: string) {
      const row = await findSubmission(db, actor, id, 'file, file_name, scheme');
      return { bytes: Buffer.from(row.file), fileName: row.file_name, contentType: submissionContentType(row.scheme) };
    },

    /** The merchant uploaded the file to its bank: `pending → submitted`, once. */
    async markSubmitted(tx: Queryable, actor: Actor, id: string) {
      await findSubmission(tx, actor, id, 'id');
      const row = await markSubmissionSubmitted(tx, actor.organisationId, id, ctx.clock.now());
      if (!row) throw new DomainError('bank_submission_not_pending');
      const answered = (await deps.sandboxBank?.().answer(tx, actor.organisationId, id)) ?? [];
      const now = answered.length ? await findSubmission(tx, actor, id, SUMMARY) : row;
      return (await withUploads(tx, [now]))[0]!;
    },

    /**
     * The sandbox's rehearsal: every file-bank scheme of the organisation's creditors (or one)
     * runs its cut-off now, as the day's file. Refused in live, where the bank's cut-off decides.
     */
    async runNow(tx: Queryable, actor: Actor, filters: { creditor?: string; scheme?: string }) {
      if (ctx.environment === 'live')
        throw new DomainError('feature_disabled', { messageKey: 'bank.run_sandbox_only' });
      if (filters.scheme && !isFileBankScheme(filters.scheme))
        throw new DomainError('bank_connection_not_available', {
          messageKey: 'bank.no_file_bank',
          params: { scheme: filters.scheme },
        });
      const creditors = filters.creditor
        ? [await findCreditor(tx, actor.organisationId, filters.creditor)]
        : (
            await tx.query<CreditorRow>('SELECT * FROM creditors WHERE organisation_id = $1 ORDER BY id', [
              actor.organisationId,
            ])
          ).rows;
      const now = ctx.clock.now();
      const made: BankSubmissionRow[] = [];
      for (const creditor of creditors) {
        for (const scheme of FILE_BANK_SCHEMES.filter((s) => !filters.scheme || s === filters.scheme)) {
          const calendar = calendarFor(scheme);
          const day = calendar.nextWorkingDay(todayIn(calendar.timeZone, now));
          made.push(...(await run(tx, creditor, scheme, day, now)));
        }
      }
      return made.map(({ file: _file, ...summary }) => summary);
    },

    /**
     * The cut-off job: each creditor and scheme with something to submit whose file bank's cut-off
     * has passed today, a working day, runs once, each in its own transaction. Organisations with
     * a sandbox test clock are left to their clock's time.
     */
    async runDue(): Promise<number> {
      const now = ctx.clock.now();
      const { rows } = await ctx.db.query<{ creditor_id: string; scheme: FileBankScheme }>(
        `SELECT DISTINCT d.creditor_id, d.scheme FROM (
           SELECT creditor_id, scheme FROM payments WHERE status = 'pending_submission' AND scheme = ANY($1)
           UNION SELECT creditor_id, scheme FROM mandates WHERE status = 'pending_submission' AND scheme = 'bacs'
           UNION SELECT r.creditor_id, p.scheme FROM refunds r JOIN payments p ON p.id = r.payment_id
            WHERE r.status = 'pending_submission' AND p.scheme = ANY($2)
           UNION SELECT m.creditor_id, m.scheme FROM mandates m
            WHERE m.scheme = 'bacs' AND m.status IN ('cancelled', 'expired')
              AND EXISTS (SELECT 1 FROM bank_submission_items i WHERE i.resource_type = 'mandates'
                            AND i.resource_id = m.id AND i.instruction = '0N')
              AND NOT EXISTS (SELECT 1 FROM bank_submission_items i WHERE i.resource_type = 'mandates'
                            AND i.resource_id = m.id AND i.instruction = '0C')
         ) d JOIN creditors c ON c.id = d.creditor_id JOIN organisations o ON o.id = c.organisation_id
         WHERE o.sandbox_clock_at IS NULL`,
        [FILE_BANK_SCHEMES, REFUND_SCHEMES],
      );
      let runs = 0;
      for (const { creditor_id, scheme } of rows) {
        const connection = await findBankConnection(ctx.db, ctx.environment, creditor_id, scheme);
        if (connection.kind !== 'file') continue;
        const calendar = calendarFor(scheme);
        const day = todayIn(calendar.timeZone, now);
        const at = cutoffInstant(scheme, day, connection.cutoffTime);
        if (!calendar.isWorkingDay(day) || now.getTime() < at.getTime()) continue;
        if (!connection.originator) {
          ctx.logger.warn('file bank without originator details: nothing submitted', { creditor: creditor_id, scheme });
          continue;
        }
        const creditor = await findCreditorById(ctx.db, creditor_id);
        if (!creditor) continue;
        const made = await ctx.db.transaction((tx) => run(tx, creditor, scheme, day, at));
        if (made.length) runs++;
      }
      return runs;
    },
  };

  async function findSubmission(db: Queryable, actor: Actor, id: string, select: string) {
    const { rows } = await db.query<BankSubmissionRow>(
      `SELECT ${select} FROM bank_submissions WHERE id = $1 AND organisation_id = $2`,
      [id, actor.organisationId],
    );
    if (!rows[0]) throw notFound('bank_submissions');
    return rows[0];
  }
}

/**
 * `pending → submitted`, once: the merchant's mark and the SFTP upload (decision 0082) both move a
 * file so. Undefined when it was no longer pending.
 */
export async function markSubmissionSubmitted(
  tx: Queryable,
  organisationId: string,
  id: string,
  now: Date,
): Promise<BankSubmissionSummary | undefined> {
  const { rows } = await tx.query<BankSubmissionSummary>(
    `UPDATE bank_submissions SET status = 'submitted', submitted_at = $3
      WHERE id = $1 AND organisation_id = $2 AND status = 'pending' RETURNING ${SUMMARY}`,
    [id, organisationId, now],
  );
  return rows[0];
}
