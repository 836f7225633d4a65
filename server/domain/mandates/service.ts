import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { BankAccountRow } from '../bank-accounts/types';
import type { CreditorRow } from '../creditors/types';
import type { CustomerRow } from '../customers/types';
import type { EventService } from '../events/service';
import type { EventDetails } from '../events/types';
import { generateMandateReference, validateMandateReference } from '../schemes/references';
import { afterWorkingDays, mandateSubmissionAt } from '../schemes/timing';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed, type FieldIssue } from '../shared/errors';
import { findOwnedLegacy as findOwned } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { schedule, unschedule, type ScheduledTransition } from '../shared/schedule';
import { findMatchingBlock } from '../blocks/queries';
import {
  ACTIVATION,
  ACTIVATION_WORKING_DAYS,
  COLLECTABLE,
  MANDATE_MACHINE,
  MANDATE_MOVES,
  MAX_REINSTATEMENTS,
  type MandateMove,
  type MandateStatus,
} from './state';
import { applyMove, type MoveOptions } from '../shared/state-machine';
import { mandatesTable } from './queries';
import type { MandateRow } from './types';

export interface MandateSetup {
  creditor: CreditorRow;
  customer: CustomerRow;
  bankAccount: BankAccountRow;
  scheme: Scheme;
  reference?: string | null;
  metadata?: Metadata;
  authorisationSource?: 'web' | 'telephone' | 'paper' | null;
  payerIpAddress?: string | null;
  consentType?: string | null;
  consentParameters?: Record<string, unknown> | null;
  fundsSettlement?: 'managed' | 'direct' | null;
  mandateType?: string;
  verified?: boolean;
}

export interface MandateFilters {
  createdAt?: TimeRange;
  creditor?: string;
  customer?: string;
  customerBankAccount?: string;
  mandateType?: string;
  reference?: string;
  schemes?: string[];
  statuses?: string[];
}

export interface MandateDeps {
  events: EventService;
  /** Cancels what a cancelled mandate can no longer collect: pending payments, subscriptions, schedules. */
  cascadeCancellation: (tx: Queryable, actor: Actor, mandate: MandateRow) => Promise<void>;
}

export function createMandateService(ctx: DomainContext, deps: MandateDeps) {
  const { events } = deps;

  const find = (db: Queryable, actor: Actor, id: string, lock = false) =>
    findOwned<MandateRow>(db, 'mandates', actor.organisationId, id, { lock, resource: 'mandates' });

  /** Applies a move through the one state runner (event, follow-ups and refusal included). */
  const transition = (
    tx: Queryable,
    actor: Actor,
    mandate: MandateRow,
    name: MandateMove,
    extra: Omit<MoveOptions<typeof mandatesTable>, 'actor'> = {},
  ): Promise<MandateRow> => applyMove(tx, ctx, MANDATE_MACHINE, mandate, name, { actor, ...extra });

  function recordEvent(
    tx: Queryable,
    actor: Actor,
    mandate: MandateRow,
    action: string,
    cause: string,
    extra: { metadata?: Metadata; links?: Record<string, string>; details?: EventDetails } = {},
  ) {
    return events.record(tx, {
      organisationId: mandate.organisation_id,
      resourceType: 'mandates',
      action,
      // The resource itself (filters by id return its own events), plus what it was moved to.
      links: { mandate: mandate.id, ...extra.links },
      details: extra.details ?? {
        origin: actor.origin,
        cause,
        description: `Mandate ${action.replace(/_/g, ' ')}.`,
        scheme: mandate.scheme,
      },
      metadata: extra.metadata,
      resourceMetadata: mandate.metadata,
      source: actor.source,
    });
  }

  function checkSetup(setup: MandateSetup): FieldIssue[] {
    const issues: FieldIssue[] = [];
    if (CURRENCY_OF_SCHEME[setup.scheme] !== setup.bankAccount.currency) {
      issues.push({
        field: 'scheme',
        code: 'scheme_currency_mismatch',
        params: { currency: setup.bankAccount.currency },
      });
    }
    if (setup.scheme === 'ach') {
      const offline = setup.authorisationSource === 'telephone' || setup.authorisationSource === 'paper';
      if (!offline && !setup.payerIpAddress) issues.push({ field: 'payer_ip_address', code: 'required' });
    } else {
      if (setup.authorisationSource) issues.push({ field: 'authorisation_source', code: 'ach_only' });
      if (setup.payerIpAddress) issues.push({ field: 'payer_ip_address', code: 'ach_only' });
    }
    if (setup.reference && !validateMandateReference(setup.scheme, setup.reference)) {
      issues.push({ field: 'reference', code: 'invalid_mandate_reference' });
    }
    return issues;
  }

  async function referenceTaken(tx: Queryable, creditorId: string, scheme: string, reference: string) {
    const { rows } = await tx.query(
      'SELECT 1 FROM mandates WHERE creditor_id = $1 AND scheme = $2 AND upper(reference) = upper($3)',
      [creditorId, scheme, reference],
    );
    return rows.length > 0;
  }

  /** Creates a mandate inside the caller's transaction: POST /mandates and billing request fulfilment. */
  async function createInTx(tx: Queryable, actor: Actor, setup: MandateSetup): Promise<MandateRow> {
    const issues = checkSetup(setup);
    if (issues.length) throw validationFailed(issues);
    if (!setup.bankAccount.enabled) throw new DomainError('bank_account_disabled');
    if (setup.customer.removed_at) throw new DomainError('customer_data_removed');
    const block = await findMatchingBlock(tx, actor.organisationId, setup.customer, setup.bankAccount);
    if (block) throw new DomainError('mandate_blocked', { links: { block: block.id } });

    let reference = setup.reference ?? undefined;
    if (reference && (await referenceTaken(tx, setup.creditor.id, setup.scheme, reference))) {
      throw validationFailed([{ field: 'reference', code: 'taken' }]);
    }
    while (!reference || (await referenceTaken(tx, setup.creditor.id, setup.scheme, reference))) {
      reference = generateMandateReference(setup.scheme, undefined, setup.creditor.bank_reference_prefix ?? undefined);
    }

    const now = ctx.clock.now();
    const instant = ACTIVATION[setup.scheme] === 'authorisation';
    const status: MandateStatus = instant ? 'active' : 'pending_submission';
    const { rows } = await tx.query<MandateRow>(
      `INSERT INTO mandates (id, organisation_id, creditor_id, customer_id, customer_bank_account_id, scheme, status, reference, metadata,
         authorisation_source, consent_type, consent_parameters, funds_settlement, mandate_type, payer_ip_address, verified_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17) RETURNING *`,
      [
        ctx.ids('mandate'),
        actor.organisationId,
        setup.creditor.id,
        setup.customer.id,
        setup.bankAccount.id,
        setup.scheme,
        status,
        reference,
        json(setup.metadata ?? {}),
        setup.authorisationSource ?? null,
        setup.consentType ?? null,
        setup.consentParameters ? json(setup.consentParameters) : null,
        setup.fundsSettlement ?? 'managed',
        setup.mandateType ?? 'bank_debit',
        setup.payerIpAddress ?? null,
        setup.verified ? now : null,
        now,
      ],
    );
    const mandate = rows[0]!;
    await recordEvent(tx, actor, mandate, 'created', 'mandate_created', {
      links: { customer_bank_account: setup.bankAccount.id },
    });
    if (instant) await recordEvent(tx, actor, mandate, 'active', 'mandate_activated');
    if (ACTIVATION[setup.scheme] === 'separately') {
      await scheduleMove(tx, mandate, 'submit', mandateSubmissionAt(mandate.scheme as Scheme, now, ctx.environment));
    }
    return mandate;
  }

  const scheduleMove = (tx: Queryable, mandate: MandateRow, transitionName: string, dueAt: Date) =>
    schedule(tx, ctx, {
      organisationId: mandate.organisation_id,
      resourceType: 'mandates',
      resourceId: mandate.id,
      transition: transitionName,
      dueAt,
    });

  async function cancelInTx(
    tx: Queryable,
    actor: Actor,
    mandate: MandateRow,
    options: { metadata?: Metadata; cause?: string } = {},
  ) {
    const cancelled = await transition(tx, actor, mandate, 'cancel', options);
    await deps.cascadeCancellation(tx, actor, cancelled);
    return cancelled;
  }

  /** Cancels every mandate of `column = value` that can still be cancelled (cascade of removals). */
  async function cancelAllWhere(
    tx: Queryable,
    actor: Actor,
    column: 'customer_id' | 'customer_bank_account_id',
    value: string,
    cause: string,
  ) {
    const { rows } = await tx.query<MandateRow>(
      `SELECT * FROM mandates WHERE ${column} = $1 AND status = ANY($2) ORDER BY id FOR UPDATE`,
      [value, MANDATE_MOVES.cancel.from],
    );
    for (const mandate of rows) await cancelInTx(tx, actor, mandate, { cause });
  }

  /**
   * A move the bank reports (in the sandbox, a scenario simulator). A mandate the move ends (failed,
   * expired, suspended) drops its scheduled moves and cancels what it can no longer collect.
   */
  async function bankMove(
    tx: Queryable,
    mandate: MandateRow,
    name: MandateMove,
    details?: EventDetails,
  ): Promise<MandateRow> {
    const bank: Actor = { organisationId: mandate.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
    const moved = await transition(tx, bank, mandate, name, { details });
    if (!COLLECTABLE.includes(moved.status)) {
      await unschedule(tx, mandate.id);
      await deps.cascadeCancellation(tx, bank, moved);
    }
    return moved;
  }

  return {
    find,
    transition,
    bankMove,
    createInTx,
    cancelInTx,

    async create(actor: Actor, setup: MandateSetup) {
      return ctx.db.transaction((tx) => createInTx(tx, actor, setup));
    },

    get: (actor: Actor, id: string) => find(ctx.db, actor, id),

    async list(actor: Actor, filters: MandateFilters, page: PageRequest): Promise<Page<MandateRow>> {
      const params = new Params();
      const where = [`organisation_id = ${params.add(actor.organisationId)}`];
      if (filters.creditor) where.push(`creditor_id = ${params.add(filters.creditor)}`);
      if (filters.customer) where.push(`customer_id = ${params.add(filters.customer)}`);
      if (filters.customerBankAccount)
        where.push(`customer_bank_account_id = ${params.add(filters.customerBankAccount)}`);
      if (filters.mandateType) where.push(`mandate_type = ${params.add(filters.mandateType)}`);
      if (filters.reference) where.push(`reference = ${params.add(filters.reference)}`);
      if (filters.schemes?.length) where.push(`scheme = ANY(${params.add(filters.schemes)})`);
      if (filters.statuses?.length) where.push(`status = ANY(${params.add(filters.statuses)})`);
      whereInRange(where, params, 'created_at', filters.createdAt);
      return pageQuery<MandateRow>(ctx.db, { from: 'mandates', where, params }, page);
    },

    async updateMetadata(actor: Actor, id: string, metadata: Metadata): Promise<MandateRow> {
      return ctx.db.transaction(async (tx) => {
        await find(tx, actor, id, true);
        const { rows } = await tx.query<MandateRow>(
          'UPDATE mandates SET metadata = $2, updated_at = $3 WHERE id = $1 RETURNING *',
          [id, json(metadata), ctx.clock.now()],
        );
        return rows[0]!;
      });
    },

    async cancel(actor: Actor, id: string, metadata?: Metadata): Promise<MandateRow> {
      return ctx.db.transaction(async (tx) => cancelInTx(tx, actor, await find(tx, actor, id, true), { metadata }));
    },

    /**
     * Reinstates a cancelled or expired mandate (at most 10 times): `resubmission_requested` now,
     * then the scheme clock resubmits it (`submitted`) and, up to two working days later in live,
     * reinstates it (`reinstated`).
     */
    async reinstate(actor: Actor, id: string, metadata?: Metadata): Promise<MandateRow> {
      return ctx.db.transaction(async (tx) => {
        const mandate = await find(tx, actor, id, true);
        if (mandate.new_mandate_id)
          throw new DomainError('mandate_replaced', { links: { new_mandate: mandate.new_mandate_id } });
        if (!(MANDATE_MOVES.reinstate.from as readonly string[]).includes(mandate.status))
          throw new DomainError('mandate_not_inactive');
        if (mandate.reinstate_count >= MAX_REINSTATEMENTS) {
          throw new DomainError('mandate_reinstatement_limit_reached', { params: { max: MAX_REINSTATEMENTS } });
        }
        const { rows } = await tx.query<BankAccountRow>('SELECT * FROM customer_bank_accounts WHERE id = $1', [
          mandate.customer_bank_account_id,
        ]);
        if (!rows[0]?.enabled) throw new DomainError('bank_account_disabled');
        const reinstated = await transition(tx, actor, mandate, 'reinstate', {
          metadata,
          set: { reinstate_count: mandate.reinstate_count + 1 },
        });
        await scheduleMove(
          tx,
          reinstated,
          'resubmit',
          mandateSubmissionAt(mandate.scheme as Scheme, ctx.clock.now(), ctx.environment),
        );
        return reinstated;
      });
    },

    /** Replaces an old mandate by a new one: cancelled, with links.new_mandate (event `replaced`). */
    async replaceInTx(tx: Queryable, actor: Actor, old: MandateRow, replacement: MandateRow) {
      const replaced = await transition(tx, actor, old, 'replace', {
        links: { new_mandate: replacement.id },
        set: { new_mandate_id: replacement.id },
      });
      await deps.cascadeCancellation(tx, actor, replaced);
      return replaced;
    },

    cancelAllForCustomer: (tx: Queryable, actor: Actor, customerId: string) =>
      cancelAllWhere(tx, actor, 'customer_id', customerId, 'customer_removed'),
    cancelAllForBankAccount: (tx: Queryable, actor: Actor, bankAccountId: string) =>
      cancelAllWhere(tx, actor, 'customer_bank_account_id', bankAccountId, 'bank_account_disabled'),

    /** The scheme clock's moves for mandates. A move no longer possible (cancelled since) is dropped. */
    async applyScheduled(tx: Queryable, item: ScheduledTransition): Promise<void> {
      const { rows } = await tx.query<MandateRow>('SELECT * FROM mandates WHERE id = $1 FOR UPDATE', [
        item.resource_id,
      ]);
      const mandate = rows[0];
      const name = item.transition as MandateMove;
      if (
        !mandate ||
        !(name in MANDATE_MOVES) ||
        !(MANDATE_MOVES[name].from as readonly string[]).includes(mandate.status)
      )
        return;
      const bank: Actor = { organisationId: mandate.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
      const updated = await transition(tx, bank, mandate, name);
      const scheme = mandate.scheme as Scheme;
      const days = ACTIVATION_WORKING_DAYS[scheme] ?? 0;
      if (name === 'submit' && ACTIVATION[scheme] === 'separately') {
        await scheduleMove(tx, updated, 'activate', afterWorkingDays(scheme, ctx.clock.now(), days, ctx.environment));
      }
      if (name === 'resubmit') {
        // Spec: reinstated (or failed) up to two working days after resubmission.
        await scheduleMove(tx, updated, 'reinstated', afterWorkingDays(scheme, ctx.clock.now(), 2, ctx.environment));
      }
    },
  };
}

export type MandateService = ReturnType<typeof createMandateService>;
