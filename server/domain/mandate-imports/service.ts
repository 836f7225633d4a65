import type { Queryable } from '../../db/db';
import type { CreditorService } from '../creditors/service';
import { idempotentCreate } from '../idempotency/service';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { linkNotFound } from '../shared/lookup';
import type { Page, PageRequest } from '../shared/pagination';
import type { ClockWork, ScheduledTransition } from '../shared/schedule';
import { applyMove, canMove } from '../shared/state-machine';
import { checkEntry } from './entry-rules';
import { processBatch, type ProcessingDeps } from './processing';
import {
  findMandateImport,
  findMandateImportById,
  insertEntry,
  insertMandateImport,
  listEntries,
  listProcessingImports,
  lockImportForEntry,
} from './queries';
import { MANDATE_IMPORT_MACHINE } from './state';
import type { EntryFilters, MandateImportEntryRow, MandateImportRow, NewEntryInput } from './types';

export interface CreateMandateImport {
  scheme: Scheme;
  links?: { creditor?: string | null } | null;
}

/** Who processes an import: the service itself, for the organisation. */
const processor = (organisationId: string): Actor => ({
  organisationId,
  origin: 'gocardless',
  source: { type: 'gc_team' },
});

export interface MandateImportDeps extends ProcessingDeps {
  creditors: CreditorService;
}

/** Mandate imports and their entries: use cases taking the caller's unit of work (`tx`) first. */
export function createMandateImportService(ctx: DomainContext, deps: MandateImportDeps) {
  return {
    async create(
      tx: Queryable,
      actor: Actor,
      input: CreateMandateImport,
      options: { idempotencyKey?: string } = {},
    ): Promise<MandateImportRow> {
      const creditor = await deps.creditors.resolve(tx, actor, input.links?.creditor);
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
        insertMandateImport(tx, {
          id: ctx.ids('mandateImport'),
          organisation_id: actor.organisationId,
          creditor_id: creditor.id,
          scheme: input.scheme,
          created_at: ctx.clock.now(),
        }),
      );
    },

    get: (db: Queryable, actor: Actor, id: string) => findMandateImport(db, actor.organisationId, id),

    async submit(tx: Queryable, actor: Actor, id: string): Promise<MandateImportRow> {
      const row = await findMandateImport(tx, actor.organisationId, id, { lock: true });
      return applyMove(tx, ctx, MANDATE_IMPORT_MACHINE, row, 'submit', { actor });
    },

    async cancel(tx: Queryable, actor: Actor, id: string): Promise<MandateImportRow> {
      const row = await findMandateImport(tx, actor.organisationId, id, { lock: true });
      return applyMove(tx, ctx, MANDATE_IMPORT_MACHINE, row, 'cancel', { actor });
    },

    /**
     * Adds an entry, checked as it comes: refused once the import is submitted or cancelled (the
     * import's row is share-locked, so a submit cannot pass an entry being added).
     */
    async addEntry(
      tx: Queryable,
      actor: Actor,
      input: NewEntryInput,
      options: { idempotencyKey?: string } = {},
    ): Promise<MandateImportEntryRow> {
      const mandateImport = await lockImportForEntry(tx, actor.organisationId, input.links.mandate_import);
      if (!mandateImport) throw linkNotFound('mandate_import');
      if (mandateImport.status !== 'created') throw new DomainError('mandate_import_not_created');
      const { issues } = checkEntry(mandateImport.scheme, input);
      if (issues.length) throw validationFailed(issues);
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
        insertEntry(tx, {
          id: ctx.ids('mandateImportEntry'),
          organisation_id: actor.organisationId,
          mandate_import_id: mandateImport.id,
          record_identifier: input.record_identifier,
          customer: input.customer,
          bank_account: input.bank_account,
          mandate: input.mandate ?? {},
          amendment: input.amendment,
          created_at: ctx.clock.now(),
        }),
      );
    },

    async listEntries(
      db: Queryable,
      actor: Actor,
      filters: EntryFilters,
      page: PageRequest,
    ): Promise<Page<MandateImportEntryRow>> {
      await findMandateImport(db, actor.organisationId, filters.mandateImport);
      return listEntries(db, actor.organisationId, filters, page);
    },

    /** The scheme clock's move: a submitted import starts processing (the processing job does the rest). */
    clockWork: {
      machine: MANDATE_IMPORT_MACHINE,
      async apply(tx: Queryable, item: ScheduledTransition): Promise<void> {
        const row = await findMandateImportById(tx, item.resource_id, { lock: true });
        if (!row || item.transition !== 'start_processing') return;
        if (!canMove(MANDATE_IMPORT_MACHINE, row.status, 'start_processing')) return;
        await applyMove(tx, ctx, MANDATE_IMPORT_MACHINE, row, 'start_processing', {
          actor: processor(row.organisation_id),
        });
      },
    } satisfies ClockWork,

    /** Imports the processing job should work on. */
    processing: (db: Queryable, limit = 10) => listProcessingImports(db, limit),

    /**
     * Processes the next `batchSize` entries of an import in the caller's transaction, each in its
     * own savepoint; the import is processed once no entry is left.
     */
    processBatch: (tx: Queryable, importId: string, batchSize: number) =>
      processBatch(tx, ctx, deps, importId, batchSize, processor),
  };
}

export type MandateImportService = ReturnType<typeof createMandateImportService>;
