import type { Queryable } from '../../db/db';
import { withSavepoint } from '../../db/savepoint';
import type { BankAccountService } from '../bank-accounts/service';
import type { CreditorService } from '../creditors/service';
import type { CreditorRow } from '../creditors/types';
import type { CustomerService } from '../customers/service';
import type { MandateService } from '../mandates/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { isDomainError, validationFailed, type FieldIssue } from '../shared/errors';
import { applyMove, canMove } from '../shared/state-machine';
import { checkEntry, processingErrorsOf } from './entry-rules';
import { findMandateImportById, hasPendingEntries, lockPendingEntries } from './queries';
import { MANDATE_IMPORT_ENTRY_MACHINE, MANDATE_IMPORT_MACHINE } from './state';
import type { MandateImportEntryRow, MandateImportRow } from './types';

export interface ProcessingDeps {
  customers: CustomerService;
  bankAccounts: BankAccountService;
  mandates: MandateService;
  creditors: CreditorService;
}

/** The parts of a refused entry's fields that name the mandate's own setup (`reference`, `scheme`…). */
const MANDATE_FIELDS = new Set(['reference', 'scheme', 'authorisation_source', 'payer_ip_address']);
const pointIntoEntry = (issue: FieldIssue): FieldIssue =>
  MANDATE_FIELDS.has(issue.field) ? { ...issue, field: `mandate.${issue.field}` } : issue;

/** What an entry stays as once processed: the account's full number or IBAN is not kept. */
const withoutAccountNumbers = (entry: MandateImportEntryRow) => {
  const { account_number: _number, iban: _iban, ...rest } = entry.bank_account;
  return JSON.stringify(rest);
};

/**
 * One entry becomes a customer, a bank account and an active mandate (created and active events,
 * and their webhooks, through the same services every other path uses). Throws the refusal.
 */
async function setUp(
  tx: Queryable,
  ctx: DomainContext,
  deps: ProcessingDeps,
  actor: Actor,
  mandateImport: MandateImportRow,
  creditor: CreditorRow,
  entry: MandateImportEntryRow,
) {
  const checked = checkEntry(mandateImport.scheme, entry);
  if (checked.issues.length || !checked.account) throw validationFailed(checked.issues);
  const customer = await deps.customers.insert(tx, actor, checked.customer);
  const bankAccount = await deps.bankAccounts.collectForCustomer(
    tx,
    actor,
    customer.id,
    checked.account,
    entry.bank_account.metadata,
  );
  const mandate = await deps.mandates.create(tx, actor, {
    creditor,
    customer,
    bankAccount,
    scheme: mandateImport.scheme,
    reference: entry.mandate.reference?.trim() || null,
    metadata: entry.mandate.metadata,
    // Only ACH keeps how the payer authorised; other schemes refuse the field.
    authorisationSource: mandateImport.scheme === 'ach' ? (entry.mandate.authorisation_source ?? 'paper') : null,
    imported: true,
  });
  await applyMove(tx, ctx, MANDATE_IMPORT_ENTRY_MACHINE, entry, 'succeed', {
    actor,
    set: {
      customer_id: customer.id,
      customer_bank_account_id: bankAccount.id,
      mandate_id: mandate.id,
      processed_at: ctx.clock.now(),
      bank_account: withoutAccountNumbers(entry),
    },
  });
}

/**
 * Processes up to `batchSize` pending entries of a processing import in the caller's transaction.
 * Each entry runs in its own savepoint, so it is set up whole or not at all — the semantics of a
 * transaction per entry — while a batch shares one commit (one fsync for many entries). An entry
 * refused (invalid details, a block, a taken reference) gets `processing_errors` and the rest go
 * on; anything else (the database failing) rolls the batch back for the job to retry. Once no
 * entry is left the import moves to processed.
 */
export async function processBatch(
  tx: Queryable,
  ctx: DomainContext,
  deps: ProcessingDeps,
  importId: string,
  batchSize: number,
  processor: (organisationId: string) => Actor,
): Promise<{ processed: number; finished: boolean }> {
  const mandateImport = await findMandateImportById(tx, importId);
  if (!mandateImport || mandateImport.status !== 'processing') return { processed: 0, finished: true };
  const actor = processor(mandateImport.organisation_id);
  const entries = await lockPendingEntries(tx, importId, batchSize);
  // One creditor for the whole import: read once per batch, not once per entry.
  const creditor = entries.length ? await deps.creditors.get(tx, actor, mandateImport.creditor_id) : undefined;
  for (const entry of entries) {
    try {
      await withSavepoint(tx, () => setUp(tx, ctx, deps, actor, mandateImport, creditor!, entry));
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const issues = (error.options.fields ?? []).map(pointIntoEntry);
      await applyMove(tx, ctx, MANDATE_IMPORT_ENTRY_MACHINE, entry, 'fail', {
        actor,
        set: {
          processing_errors: JSON.stringify(processingErrorsOf(issues, error.reason)),
          processed_at: ctx.clock.now(),
        },
      });
    }
  }
  if (entries.length === batchSize || (await hasPendingEntries(tx, importId))) {
    return { processed: entries.length, finished: false };
  }
  const locked = await findMandateImportById(tx, importId, { lock: true });
  if (locked && canMove(MANDATE_IMPORT_MACHINE, locked.status, 'finish')) {
    await applyMove(tx, ctx, MANDATE_IMPORT_MACHINE, locked, 'finish', { actor });
  }
  return { processed: entries.length, finished: true };
}
