import type { Queryable } from '../../db/db';
import { withSavepoint } from '../../db/savepoint';
import type { OutboundPaymentService } from '../outbound-payments/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { isDomainError, type DomainError } from '../shared/errors';
import { applyMove, canMove } from '../shared/state-machine';
import { countProcessed, findOutboundPaymentImportById, hasEntriesToProcess, lockEntriesToProcess } from './queries';
import { OUTBOUND_PAYMENT_IMPORT_ENTRY_MACHINE, OUTBOUND_PAYMENT_IMPORT_MACHINE } from './state';
import type { EntryValidationErrors, OutboundPaymentImportEntryRow, OutboundPaymentImportRow } from './types';

export interface ProcessingDeps {
  /** Outbound payments are made only through their own service: its balance lock, limit and ledger. */
  outboundPayments: () => OutboundPaymentService;
}

/** Who processes an import: the service itself, for the organisation (as for mandate imports). */
export const processor = (organisationId: string): Actor => ({
  organisationId,
  origin: 'gocardless',
  source: { type: 'gc_team' },
});

type EntryField = keyof EntryValidationErrors;

/** The outbound payment's field a refusal names, as the entry's `validation_errors` field. */
function entryField(field: string): EntryField {
  if (field === 'reference') return 'reference';
  if (field.includes('recipient_bank_account')) return 'recipient_bank_account';
  return 'amount';
}

/** Reasons about the recipient rather than the money (the account changed since validation). */
const RECIPIENT_REASONS = new Set(['bank_account_disabled', 'link_not_found', 'resource_not_found']);

/**
 * Why an entry could not become an outbound payment, in the shape of its validation errors: the
 * refused fields' codes, or the reason under the field it concerns — `amount: ["insufficient_balance"]`
 * when the payment account (with its negative balance limit) cannot cover it.
 */
export function processingErrorsOf(error: DomainError): EntryValidationErrors {
  const errors: EntryValidationErrors = {};
  const fields = error.reason === 'link_not_found' ? [] : (error.options.fields ?? []);
  for (const issue of fields) (errors[entryField(issue.field)] ??= []).push(issue.code);
  if (!fields.length)
    errors[RECIPIENT_REASONS.has(error.reason) ? 'recipient_bank_account' : 'amount'] = [error.reason];
  return errors;
}

/**
 * One entry becomes an outbound payment through the outbound payments service (the payment account
 * locked, the balance and negative balance limit checked, the amount posted on the ledger, its
 * `created` event), under the token that created the import; the entry links it.
 */
async function makePayment(
  tx: Queryable,
  ctx: DomainContext,
  deps: ProcessingDeps,
  actor: Actor,
  imported: OutboundPaymentImportRow,
  entry: OutboundPaymentImportEntryRow,
) {
  const payment = await deps.outboundPayments().create(
    tx,
    actor,
    // Imports made before tokens were recorded are attributed to the person who authorised them.
    { tokenId: imported.created_by_token_id ?? imported.authorised_by_user_id ?? imported.id },
    {
      creditor: imported.creditor_id,
      recipient_bank_account: entry.recipient_bank_account_id ?? '',
      outbound_payment_import: imported.id,
    },
    { amount: entry.amount ?? 0, scheme: entry.scheme, reference: entry.reference, metadata: entry.metadata ?? {} },
  );
  await applyMove(tx, ctx, OUTBOUND_PAYMENT_IMPORT_ENTRY_MACHINE, entry, 'process', {
    actor,
    set: {
      outbound_payment_id: payment.id,
      processed_at: ctx.clock.now(),
      verification_result: payment.verification_result,
    },
  });
}

/**
 * Processes up to `batchSize` valid entries of a processing import in the caller's transaction,
 * each in its own savepoint: a payment and its entry's move together or not at all. An entry the
 * service refuses (the balance cannot cover it, the recipient was disabled since) ends
 * `failed_to_process` with the reason and the rest go on; anything else (the database failing)
 * rolls the batch back for the job to take again. Once no entry is left the import is processed.
 */
export async function processBatch(
  tx: Queryable,
  ctx: DomainContext,
  deps: ProcessingDeps,
  importId: string,
  batchSize: number,
): Promise<{ processed: number; finished: boolean }> {
  const imported = await findOutboundPaymentImportById(tx, importId);
  if (!imported || imported.status !== 'processing') return { processed: 0, finished: true };
  const actor = processor(imported.organisation_id);
  const entries = await lockEntriesToProcess(tx, importId, batchSize);
  let made = 0;
  for (const entry of entries) {
    try {
      await withSavepoint(tx, () => makePayment(tx, ctx, deps, actor, imported, entry));
      made += 1;
    } catch (error) {
      if (!isDomainError(error)) throw error;
      await applyMove(tx, ctx, OUTBOUND_PAYMENT_IMPORT_ENTRY_MACHINE, entry, 'fail', {
        actor,
        set: {
          processed_at: ctx.clock.now(),
          validation_errors: JSON.stringify({ outbound_payment: processingErrorsOf(error) }),
        },
      });
    }
  }
  if (entries.length) await countProcessed(tx, importId, made, entries.length - made, ctx.clock.now());
  if (entries.length === batchSize || (await hasEntriesToProcess(tx, importId))) {
    return { processed: entries.length, finished: false };
  }
  const locked = await findOutboundPaymentImportById(tx, importId, { lock: true });
  if (locked && canMove(OUTBOUND_PAYMENT_IMPORT_MACHINE, locked.status, 'finish')) {
    await applyMove(tx, ctx, OUTBOUND_PAYMENT_IMPORT_MACHINE, locked, 'finish', { actor });
  }
  return { processed: entries.length, finished: true };
}
