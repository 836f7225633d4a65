import type { Queryable } from '../../db/db';
import { findBankAccount } from '../bank-accounts/queries';
import type { BankAccountRow } from '../bank-accounts/types';
import type { CreditorService } from '../creditors/service';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { isDomainError } from '../shared/errors';
import type { Page, PageRequest } from '../shared/pagination';
import { applyMove } from '../shared/state-machine';
import { processBatch, type ProcessingDeps } from './processing';
import {
  findOutboundPaymentImport,
  insertEntries,
  insertImport,
  listEntries,
  listImports,
  listProcessingImports,
  type NewEntry,
} from './queries';
import { validateEntryItem } from './rules';
import { OUTBOUND_PAYMENT_IMPORT_MACHINE, statusOfEntry, validationMove } from './state';
import {
  OUTBOUND_CURRENCY,
  type CreateOutboundPaymentImport,
  type ImportFilters,
  type OutboundPaymentImportEntryRow,
  type OutboundPaymentImportRow,
} from './types';

export interface OutboundPaymentImportDeps extends ProcessingDeps {
  creditors: CreditorService;
}

/**
 * Outbound payment imports: validated per entry as they are created, authorised by a person in
 * the dashboard, then processed by a job that makes each valid entry an outbound payment through
 * the outbound payments service (decision 0043). Use cases take the caller's unit of work first.
 */
export function createOutboundPaymentImportService(ctx: DomainContext, deps: OutboundPaymentImportDeps) {
  /** The recipients the entries name, each looked up once; unknown or another organisation's are absent. */
  async function recipientsOf(tx: Queryable, actor: Actor, ids: string[]): Promise<Map<string, BankAccountRow>> {
    const found = new Map<string, BankAccountRow>();
    for (const id of new Set(ids)) {
      try {
        found.set(id, await findBankAccount(tx, actor.organisationId, id));
      } catch (error) {
        if (!isDomainError(error) || error.reason !== 'resource_not_found') throw error;
      }
    }
    return found;
  }

  return {
    async create(
      tx: Queryable,
      actor: Actor,
      input: CreateOutboundPaymentImport,
      options: { idempotencyKey?: string; tokenId?: string } = {},
    ): Promise<OutboundPaymentImportRow> {
      const creditor = await deps.creditors.resolve(tx, actor, input.links?.creditor);
      const recipients = await recipientsOf(
        tx,
        actor,
        input.entry_items.map((item) => item.recipient_bank_account_id),
      );
      const now = ctx.clock.now();
      const importId = ctx.ids('outboundPaymentImport');
      const entries: NewEntry[] = input.entry_items.map((item) => {
        const errors = validateEntryItem(item, recipients.get(item.recipient_bank_account_id));
        const status = statusOfEntry(errors as Record<string, string[]>);
        return {
          id: ctx.ids('outboundPaymentImportEntry'),
          organisation_id: actor.organisationId,
          outbound_payment_import_id: importId,
          amount: Number.isSafeInteger(item.amount) ? item.amount : null,
          scheme: item.scheme,
          reference: item.reference ?? null,
          metadata: item.metadata ?? null,
          recipient_bank_account_id: recipients.has(item.recipient_bank_account_id)
            ? item.recipient_bank_account_id
            : null,
          status,
          validation_errors: status === 'valid' ? null : { outbound_payment: errors },
          created_at: now,
        };
      });
      const valid = entries.filter((e) => e.status === 'valid');
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, async () => {
        const row = await insertImport(tx, {
          id: importId,
          organisation_id: actor.organisationId,
          creditor_id: creditor.id,
          currency: OUTBOUND_CURRENCY,
          // What the import would pay out: the valid entries' amounts.
          amount_sum: valid.reduce((sum, e) => sum + (e.amount ?? 0), 0),
          total_count: entries.length,
          valid_count: valid.length,
          invalid_count: entries.length - valid.length,
          created_by_token_id: options.tokenId ?? null,
          created_at: now,
        });
        await insertEntries(tx, entries);
        // Validation is done: the outcome is the import's first move, with its event.
        return applyMove(tx, ctx, OUTBOUND_PAYMENT_IMPORT_MACHINE, row, validationMove(row.invalid_count), { actor });
      });
    },

    get: (db: Queryable, actor: Actor, id: string) => findOutboundPaymentImport(db, actor.organisationId, id),

    /**
     * A person's authorisation (the dashboard's page at `authorisation_url`): only a valid import,
     * once; processing starts at once (the processing job takes it on its next round).
     */
    async authorise(tx: Queryable, actor: Actor, userId: string, id: string): Promise<OutboundPaymentImportRow> {
      const row = await findOutboundPaymentImport(tx, actor.organisationId, id, { lock: true });
      return applyMove(tx, ctx, OUTBOUND_PAYMENT_IMPORT_MACHINE, row, 'authorise', {
        actor,
        set: { authorised_by_user_id: userId, authorised_at: ctx.clock.now() },
      });
    },

    /** Cancelled before it is authorised; once processing has begun its payments are their own. */
    async cancel(tx: Queryable, actor: Actor, id: string): Promise<OutboundPaymentImportRow> {
      const row = await findOutboundPaymentImport(tx, actor.organisationId, id, { lock: true });
      return applyMove(tx, ctx, OUTBOUND_PAYMENT_IMPORT_MACHINE, row, 'cancel', { actor });
    },

    /** Imports the processing job should work on. */
    processing: (db: Queryable, limit = 10) => listProcessingImports(db, limit),

    /** The next `batchSize` entries of an import, in the caller's transaction; processed once none is left. */
    processBatch: (tx: Queryable, importId: string, batchSize: number) =>
      processBatch(tx, ctx, deps, importId, batchSize),

    list: (
      db: Queryable,
      actor: Actor,
      filters: ImportFilters,
      page: PageRequest,
    ): Promise<Page<OutboundPaymentImportRow>> => listImports(db, actor.organisationId, filters, page),

    async listEntries(
      db: Queryable,
      actor: Actor,
      importId: string,
      page: PageRequest,
    ): Promise<Page<OutboundPaymentImportEntryRow>> {
      await findOutboundPaymentImport(db, actor.organisationId, importId);
      return listEntries(db, actor.organisationId, importId, page);
    },
  };
}

export type OutboundPaymentImportService = ReturnType<typeof createOutboundPaymentImportService>;
