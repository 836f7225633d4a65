import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { unseal } from '../bank-account-details/seal';
import { MANDATE_MACHINE } from '../mandates/state';
import type { MandateRow } from '../mandates/types';
import { bankMove } from '../payments/bank';
import type { PaymentRow } from '../payments/types';
import { identifierForMandate } from '../scheme-identifiers/service';
import { calendarFor } from '../schemes/calendars';
import { nextPossibleChargeDate } from '../schemes/charge-dates';
import { paymentSubmissionAt, startOfDay } from '../schemes/timing';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { applyMove } from '../shared/state-machine';
import { COLLECTABLE } from '../mandates/state';
import type { FileBankScheme } from './connections';
import {
  bacsFile,
  bacsSerial,
  nachaFile,
  sepaFile,
  type Due,
  type Instruction,
  type PayerAccount,
  type SubmissionDay,
} from './files';

import type { BankSubmissionRow } from './queries';

/**
 * One submission day of one creditor and scheme (decision 0074 "A submission is one transaction"):
 * in the caller's transaction, select every instruction due, write the scheme's file, insert the
 * submission and its items, and move each instruction's resource to `submitted` with its event.
 * Nothing is written outside the transaction, so a crash leaves no file and nothing submitted; a
 * second run of the day finds the day's submission (unique key) and writes nothing.
 */

const FORMAT: Record<FileBankScheme, { format: string; contentType: string; extension: string }> = {
  bacs: { format: 'bacs_standard18', contentType: 'text/plain; charset=us-ascii', extension: 'txt' },
  sepa_core: { format: 'pain.008.001.08', contentType: 'application/xml', extension: 'xml' },
  ach: { format: 'nacha', contentType: 'text/plain; charset=us-ascii', extension: 'ach' },
};

export const submissionContentType = (scheme: string): string =>
  FORMAT[scheme as FileBankScheme]?.contentType ?? 'application/octet-stream';

/** Test seam: a step that throws between the file's insert and the moves, to prove a crash leaves nothing. */
export const runHooks: { afterInsert?: () => Promise<void> } = {};

export async function runSubmissionDay(
  tx: Queryable,
  ctx: DomainContext,
  sealingSecret: string,
  run: SubmissionDay,
): Promise<BankSubmissionRow | undefined> {
  const { creditor, scheme, day } = run;
  const { format, extension } = FORMAT[scheme];
  const { rows: existing } = await tx.query<{ id: string }>(
    'SELECT id FROM bank_submissions WHERE creditor_id = $1 AND scheme = $2 AND format = $3 AND submission_date = $4',
    [creditor.id, scheme, format, day],
  );
  if (existing[0]) return undefined;

  const due = await selectDue(tx, ctx, sealingSecret, run);
  if (due.payments.length === 0 && due.lodgements.length === 0) return undefined;

  const id = ctx.ids('bankSubmission');
  const identifier = (await identifierForMandate(tx, ctx.environment, creditor, scheme)).reference;
  const instructions: Instruction[] = [];
  const written = await collectFile(
    scheme === 'bacs'
      ? bacsFile(run, id, identifier, due, instructions)
      : scheme === 'sepa_core'
        ? sepaFile(run, id, identifier, due, instructions, ctx.clock.now())
        : nachaFile(run, identifier, due, instructions, await achTraceBase(tx, creditor.id), ctx.clock.now()),
  );
  const fileReference =
    scheme === 'bacs' ? bacsSerial(id) : scheme === 'sepa_core' ? id : `${day.replaceAll('-', '')}A`;
  const total = instructions.reduce((sum, i) => sum + (i.amount ?? 0), 0);
  const now = ctx.clock.now();
  const { rows } = await tx.query<BankSubmissionRow>(
    `INSERT INTO bank_submissions (id, organisation_id, creditor_id, scheme, format, submission_date, file_reference,
       file_name, file, file_sha256, item_count, total_amount, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'pending', $13) RETURNING *`,
    [
      id,
      creditor.organisation_id,
      creditor.id,
      scheme,
      format,
      day,
      fileReference,
      `${scheme}-${day}-${id}.${extension}`,
      written,
      createHash('sha256').update(written).digest('hex'),
      instructions.length,
      total,
      now,
    ],
  );
  await insertItems(tx, ctx, creditor.organisation_id, id, instructions, now);
  await runHooks.afterInsert?.();
  await moveSubmitted(tx, ctx, due);
  return rows[0];
}

async function collectFile(file: AsyncGenerator<string, unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(Buffer.from(chunk, 'utf8'));
  return Buffer.concat(chunks);
}

const ITEM_CHUNK = 500;

async function insertItems(
  tx: Queryable,
  ctx: DomainContext,
  organisationId: string,
  submissionId: string,
  instructions: Instruction[],
  now: Date,
): Promise<void> {
  for (let start = 0; start < instructions.length; start += ITEM_CHUNK) {
    const chunk = instructions.slice(start, start + ITEM_CHUNK);
    const values: unknown[] = [organisationId, submissionId, now];
    const tuples = chunk.map((item) => {
      values.push(ctx.ids('bankSubmissionItem'), item.resourceType, item.resourceId, item.instruction, item.reference);
      values.push(item.amount);
      const n = values.length;
      return `($${n - 5}, $1, $2, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, $3)`;
    });
    await tx.query(
      `INSERT INTO bank_submission_items (id, organisation_id, submission_id, resource_type, resource_id, instruction,
         reference, amount, created_at) VALUES ${tuples.join(', ')}`,
      values,
    );
  }
}

/** Each instruction's resource to `submitted`, with its event; follow-ups as the file bank books them. */
async function moveSubmitted(tx: Queryable, ctx: DomainContext, due: Due): Promise<void> {
  for (const mandate of due.lodgements) {
    const bank: Actor = { organisationId: mandate.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
    const moved = await applyMove(tx, ctx, MANDATE_MACHINE, { ...mandate, bank: 'file' }, 'submit', { actor: bank });
    due.mandates.set(mandate.id, moved);
  }
  for (const payment of due.payments) {
    const mandate = due.mandates.get(payment.mandate_id!)!;
    await bankMove(tx, ctx, { ...payment, bank: 'file' }, 'submit', { followUps: true, lockedMandate: mandate });
    // A mandate submitted with its first payment is submitted once: the next payment finds it so.
    if (mandate.status === 'pending_submission') due.mandates.set(mandate.id, { ...mandate, status: 'submitted' });
  }
}

async function selectDue(tx: Queryable, ctx: DomainContext, sealingSecret: string, run: SubmissionDay): Promise<Due> {
  const { creditor, scheme, day, at } = run;
  const calendar = calendarFor(scheme);
  // A payment whose charge date the next submission day still reaches can wait for that day.
  const nextDay = startOfDay(calendar.timeZone, calendar.addWorkingDays(calendar.nextWorkingDay(day), 1));
  const bound = nextPossibleChargeDate(scheme, { now: nextDay, mandateActive: false });
  const { rows: candidates } = await tx.query<PaymentRow>(
    `SELECT * FROM payments WHERE creditor_id = $1 AND scheme = $2 AND status = 'pending_submission'
       AND charge_date < $3 ORDER BY id FOR UPDATE`,
    [creditor.id, scheme, bound],
  );
  const mandateIds = [...new Set(candidates.flatMap((p) => (p.mandate_id ? [p.mandate_id] : [])))];
  const { rows: mandateRows } = await tx.query<MandateRow>(
    `SELECT * FROM mandates WHERE id = ANY($1)
       OR (creditor_id = $2 AND scheme = 'bacs' AND $3 = 'bacs' AND status = 'pending_submission')
     ORDER BY id FOR UPDATE`,
    [mandateIds, creditor.id, scheme],
  );
  const mandates = new Map(mandateRows.map((m) => [m.id, m]));
  const payments = candidates.filter((p) => {
    const mandate = p.mandate_id ? mandates.get(p.mandate_id) : undefined;
    if (!mandate || !COLLECTABLE.includes(mandate.status)) return false;
    const submitAt = paymentSubmissionAt(scheme, p.charge_date!, mandate.status === 'active', at, ctx.environment);
    return submitAt.getTime() <= at.getTime();
  });
  const lodgements = mandateRows.filter(
    (m) => scheme === 'bacs' && m.creditor_id === creditor.id && m.status === 'pending_submission',
  );

  const accountIds = [...new Set([...mandates.values()].map((m) => m.customer_bank_account_id))];
  const { rows: accountRows } = await tx.query<{
    id: string;
    account_holder_name: string;
    account_type: string | null;
    company_name: string | null;
    sealed: string | null;
  }>(
    `SELECT b.id, b.account_holder_name, b.account_type, c.company_name, s.sealed
       FROM customer_bank_accounts b JOIN customers c ON c.id = b.customer_id
       LEFT JOIN bank_account_sealed_details s ON s.customer_bank_account_id = b.id
      WHERE b.id = ANY($1)`,
    [accountIds],
  );
  const accounts = new Map<string, PayerAccount>();
  const companies = new Map<string, string | null>();
  for (const row of accountRows) {
    companies.set(row.id, row.company_name);
    if (!row.sealed) continue;
    const details = JSON.parse(unseal(sealingSecret, row.sealed)) as PayerAccount;
    accounts.set(row.id, {
      ...details,
      account_holder_name: row.account_holder_name,
      account_type: row.account_type ?? undefined,
    });
  }
  // Without the full details kept, an instruction cannot be written: it stays to submit, for a person.
  const writable = (m: MandateRow | undefined) => m !== undefined && accounts.has(m.customer_bank_account_id);
  const kept = payments.filter((p) => writable(mandates.get(p.mandate_id!)));
  const keptLodgements = lodgements.filter((m) => writable(m));
  const skipped = payments.length - kept.length + lodgements.length - keptLodgements.length;
  if (skipped > 0)
    ctx.logger.warn('bank submission: instructions without full bank details left to submit', {
      creditor: creditor.id,
      scheme,
      count: skipped,
    });

  const { rows: earlier } = await tx.query<{ resource_id: string; mandate_id: string }>(
    `SELECT i.resource_id, p.mandate_id FROM payments p
       JOIN bank_submission_items i ON i.resource_id = p.id AND i.resource_type = 'payments'
      WHERE p.mandate_id = ANY($1) AND i.organisation_id = $2`,
    [mandateIds, creditor.organisation_id],
  );
  return {
    payments: kept,
    mandates,
    lodgements: keptLodgements,
    accounts,
    companies,
    collectedMandates: new Set(earlier.map((e) => e.mandate_id)),
    presentedPayments: new Set(earlier.map((e) => e.resource_id)),
  };
}

/** Trace numbers run on across a creditor's ACH files, so a return names one entry ever. */
async function achTraceBase(tx: Queryable, creditorId: string): Promise<number> {
  const { rows } = await tx.query<{ total: string | null }>(
    "SELECT SUM(item_count) AS total FROM bank_submissions WHERE creditor_id = $1 AND scheme = 'ach'",
    [creditorId],
  );
  return Number(rows[0]?.total ?? 0);
}
