import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { unseal } from '../bank-account-details/seal';
import { MANDATE_MACHINE } from '../mandates/state';
import type { MandateRow } from '../mandates/types';
import { bankMove } from '../payments/bank';
import type { PaymentRow } from '../payments/types';
import { REFUND_MACHINE } from '../refunds/state';
import type { RefundRow } from '../refunds/types';
import { identifierForMandate } from '../scheme-identifiers/service';
import { calendarFor } from '../schemes/calendars';
import { nextPossibleChargeDate } from '../schemes/charge-dates';
import { paymentSubmissionAt, startOfDay } from '../schemes/timing';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { applyMove } from '../shared/state-machine';
import { COLLECTABLE } from '../mandates/state';
import { REFUND_SCHEMES, type FileBankScheme } from './connections';
import type { Due, Instruction, PayerAccount, SubmissionDay } from './files';
import { abaFile } from './files/aba';
import { bacsFile, bacsSerial } from './files/bacs';
import { nachaFile } from './files/nacha';
import { sepaCreditFile } from './files/sepa-credits';
import { sepaFile } from './files/sepa-debits';

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
  becs: { format: 'aba', contentType: 'text/plain; charset=us-ascii', extension: 'aba' },
};

/** SEPA's credit transfers (refunds) are a file of their own beside the day's pain.008 (decision 0091). */
const SEPA_CREDITS = { format: 'pain.001.001.09', contentType: 'application/xml', extension: 'xml' } as const;

export const submissionContentType = (scheme: string): string =>
  FORMAT[scheme as FileBankScheme]?.contentType ?? 'application/octet-stream';

const isEmpty = (due: Due) =>
  due.payments.length + due.lodgements.length + due.cancellations.length + due.refunds.length === 0;

/** Test seam: a step that throws between the file's insert and the moves, to prove a crash leaves nothing. */
export const runHooks: { afterInsert?: () => Promise<void> } = {};

export async function runSubmissionDay(
  tx: Queryable,
  ctx: DomainContext,
  sealingSecret: string,
  run: SubmissionDay,
): Promise<BankSubmissionRow[]> {
  const { creditor, scheme, day } = run;
  const formats = scheme === 'sepa_core' ? [FORMAT.sepa_core.format, SEPA_CREDITS.format] : [FORMAT[scheme].format];
  const { rows: existing } = await tx.query<{ format: string }>(
    'SELECT format FROM bank_submissions WHERE creditor_id = $1 AND scheme = $2 AND format = ANY($3) AND submission_date = $4',
    [creditor.id, scheme, formats, day],
  );
  const written = new Set(existing.map((e) => e.format));
  if (formats.every((f) => written.has(f))) return [];

  const due = await selectDue(tx, ctx, sealingSecret, run);
  if (isEmpty(due)) return [];
  const identifier = (await identifierForMandate(tx, ctx.environment, creditor, scheme)).reference;
  // One file per format and day: SEPA's debits (pain.008) and credits (pain.001) are two files, each
  // written once; each file moves only what it holds.
  const parts: { format: string; extension: string; due: Due }[] =
    scheme === 'sepa_core'
      ? [
          { ...FORMAT.sepa_core, due: { ...due, refunds: [] } },
          { ...SEPA_CREDITS, due: { ...due, payments: [], lodgements: [], cancellations: [] } },
        ]
      : [{ ...FORMAT[scheme], due }];
  const made: BankSubmissionRow[] = [];
  for (const part of parts) {
    if (written.has(part.format) || isEmpty(part.due)) continue;
    made.push(await writeSubmission(tx, ctx, run, part, identifier));
  }
  return made;
}

async function writeSubmission(
  tx: Queryable,
  ctx: DomainContext,
  run: SubmissionDay,
  part: { format: string; extension: string; due: Due },
  identifier: string,
): Promise<BankSubmissionRow> {
  const { creditor, scheme, day } = run;
  const { format, extension, due } = part;
  const id = ctx.ids('bankSubmission');
  const instructions: Instruction[] = [];
  const written = await collectFile(
    scheme === 'bacs'
      ? bacsFile(run, id, identifier, due, instructions)
      : format === SEPA_CREDITS.format
        ? sepaCreditFile(run, id, due, instructions, ctx.clock.now())
        : scheme === 'sepa_core'
          ? sepaFile(run, id, identifier, due, instructions, ctx.clock.now())
          : scheme === 'becs'
            ? abaFile(run, identifier, due, instructions)
            : nachaFile(run, identifier, due, instructions, await achTraceBase(tx, creditor.id), ctx.clock.now()),
  );
  const fileName = `${scheme}-${day}-${id}.${extension}`;
  // What a whole-file report names the file by: Bacs VOL1 serial, SEPA MsgId, NAB's acknowledgement the uploaded name.
  const fileReference =
    scheme === 'bacs'
      ? bacsSerial(id)
      : scheme === 'sepa_core'
        ? id
        : scheme === 'becs'
          ? fileName
          : `${day.replaceAll('-', '')}A`;
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
      fileName,
      written,
      createHash('sha256').update(written).digest('hex'),
      instructions.length,
      total,
      now,
    ],
  );
  await insertItems(tx, ctx, creditor.organisation_id, id, instructions, now);
  await runHooks.afterInsert?.();
  await moveSubmitted(tx, ctx, due, scheme);
  return rows[0]!;
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
async function moveSubmitted(tx: Queryable, ctx: DomainContext, due: Due, scheme: FileBankScheme): Promise<void> {
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
  // A credit has no positive answer: paid a working day on unless the payer's bank returns it (decision 0091).
  for (const refund of due.refunds) {
    const bank: Actor = { organisationId: refund.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
    await applyMove(tx, ctx, REFUND_MACHINE, { ...refund, paymentScheme: scheme }, 'submit', {
      actor: bank,
      followUps: true,
    });
  }
  // An AUDDIS 0C moves nothing: the mandate was cancelled (or expired) already; its item is what it was sent by.
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
  // Refunds to pay back, by their payment's scheme: every one queued by the cut-off goes.
  const { rows: refundRows } = REFUND_SCHEMES.includes(scheme)
    ? await tx.query<RefundRow>(
        `SELECT r.* FROM refunds r JOIN payments p ON p.id = r.payment_id
          WHERE r.creditor_id = $1 AND p.scheme = $2 AND r.status = 'pending_submission' AND r.mandate_id IS NOT NULL
            AND r.created_at <= $3
          ORDER BY r.id FOR UPDATE OF r`,
        [creditor.id, scheme, at],
      )
    : { rows: [] as RefundRow[] };
  const mandateIds = [
    ...new Set([
      ...candidates.flatMap((p) => (p.mandate_id ? [p.mandate_id] : [])),
      ...refundRows.map((r) => r.mandate_id!),
    ]),
  ];
  const { rows: mandateRows } = await tx.query<MandateRow>(
    `SELECT * FROM mandates WHERE id = ANY($1)
       OR (creditor_id = $2 AND scheme = 'bacs' AND $3 = 'bacs' AND status = 'pending_submission')
     ORDER BY id FOR UPDATE`,
    [mandateIds, creditor.id, scheme],
  );
  // Bacs: a mandate we lodged (0N) and then cancelled or let expire is cancelled with the bank (0C),
  // once; not one the payer's bank cancelled (ADDACS, origin bank), which the bank knows already.
  const { rows: cancellations } =
    scheme === 'bacs'
      ? await tx.query<MandateRow>(
          `SELECT m.* FROM mandates m
            WHERE m.creditor_id = $1 AND m.scheme = 'bacs' AND m.status IN ('cancelled', 'expired')
              AND EXISTS (SELECT 1 FROM bank_submission_items i WHERE i.organisation_id = m.organisation_id
                            AND i.resource_type = 'mandates' AND i.resource_id = m.id AND i.instruction = '0N')
              AND NOT EXISTS (SELECT 1 FROM bank_submission_items i WHERE i.organisation_id = m.organisation_id
                            AND i.resource_type = 'mandates' AND i.resource_id = m.id AND i.instruction = '0C')
              AND NOT EXISTS (SELECT 1 FROM events e WHERE e.organisation_id = m.organisation_id
                            AND e.resource_type = 'mandates' AND e.action IN ('cancelled', 'expired')
                            AND e.links @> jsonb_build_object('mandate', m.id) AND e.details->>'origin' = 'bank')
            ORDER BY m.id`,
          [creditor.id],
        )
      : { rows: [] as MandateRow[] };
  const mandates = new Map([...mandateRows, ...cancellations].map((m) => [m.id, m]));
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
  const keptCancellations = cancellations.filter((m) => writable(m));
  const keptRefunds = refundRows.filter((r) => writable(mandates.get(r.mandate_id!)));
  const skipped =
    payments.length -
    kept.length +
    lodgements.length -
    keptLodgements.length +
    cancellations.length -
    keptCancellations.length +
    refundRows.length -
    keptRefunds.length;
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
    cancellations: keptCancellations,
    refunds: keptRefunds,
    finals: await finalCollections(tx, kept),
    accounts,
    companies,
    collectedMandates: new Set(earlier.map((e) => e.mandate_id)),
    presentedPayments: new Set(earlier.map((e) => e.resource_id)),
  };
}

/**
 * A mandate's final collection (Bacs `19`, SEPA `FNAL`; decision 0091): the last instalment of an
 * instalment schedule — no later instalment of it still to collect — when nothing else is to be
 * collected on the mandate: no other payment waiting, no subscription that will make one.
 */
async function finalCollections(tx: Queryable, payments: PaymentRow[]): Promise<Set<string>> {
  const ids = payments.filter((p) => p.instalment_schedule_id).map((p) => p.id);
  if (ids.length === 0) return new Set();
  const { rows } = await tx.query<{ id: string }>(
    `SELECT p.id FROM payments p WHERE p.id = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM payments o WHERE o.mandate_id = p.mandate_id AND o.id <> p.id
             AND o.status IN ('pending_customer_approval', 'pending_submission')
             AND (o.instalment_schedule_id IS DISTINCT FROM p.instalment_schedule_id
                  OR o.charge_date > p.charge_date OR (o.charge_date = p.charge_date AND o.id > p.id)))
       AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.mandate_id = p.mandate_id
             AND s.status IN ('pending_customer_approval', 'active', 'paused'))`,
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** Trace numbers run on across a creditor's ACH files, so a return names one entry ever. */
async function achTraceBase(tx: Queryable, creditorId: string): Promise<number> {
  const { rows } = await tx.query<{ total: string | null }>(
    "SELECT SUM(item_count) AS total FROM bank_submissions WHERE creditor_id = $1 AND scheme = 'ach'",
    [creditorId],
  );
  return Number(rows[0]?.total ?? 0);
}
