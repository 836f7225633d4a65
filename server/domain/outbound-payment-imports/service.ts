import type { Queryable } from '../../db/db';
import { findBankAccount } from '../bank-accounts/queries';
import type { BankAccountRow } from '../bank-accounts/types';
import type { CreditorService } from '../creditors/service';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { isDomainError } from '../shared/errors';
import type { Page, PageRequest } from '../shared/pagination';
import { findOutboundPaymentImport, insertEntries, insertImport, listEntries, listImports } from './queries';
import { validateEntryItem } from './rules';
import { statusOfEntry, statusOfNewImport } from './state';
import {
  OUTBOUND_CURRENCY,
  type CreateOutboundPaymentImport,
  type ImportFilters,
  type OutboundPaymentImportEntryRow,
  type OutboundPaymentImportRow,
} from './types';

/**
 * Outbound payment imports: stored and validated per entry. Creating the outbound payments is
 * another issue's (outbound payments do not exist yet), so nothing here moves money.
 */
export function createOutboundPaymentImportService(ctx: DomainContext, deps: { creditors: CreditorService }) {
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
      options: { idempotencyKey?: string } = {},
    ): Promise<OutboundPaymentImportRow> {
      const creditor = await deps.creditors.resolve(tx, actor, input.links?.creditor);
      const recipients = await recipientsOf(
        tx,
        actor,
        input.entry_items.map((item) => item.recipient_bank_account_id),
      );
      const now = ctx.clock.now();
      const importId = ctx.ids('outboundPaymentImport');
      const entries: OutboundPaymentImportEntryRow[] = input.entry_items.map((item) => {
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
          status: statusOfNewImport(entries.length - valid.length),
          currency: OUTBOUND_CURRENCY,
          // What the import would pay out: the valid entries' amounts.
          amount_sum: valid.reduce((sum, e) => sum + (e.amount ?? 0), 0),
          total_count: entries.length,
          valid_count: valid.length,
          invalid_count: entries.length - valid.length,
          created_at: now,
        });
        await insertEntries(tx, entries);
        return row;
      });
    },

    get: (db: Queryable, actor: Actor, id: string) => findOutboundPaymentImport(db, actor.organisationId, id),

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
