import type { Queryable } from '../../db/db';
import { withSavepoint } from '../../db/savepoint';
import type { BankAccountService } from '../bank-accounts/service';
import type { CreditorService } from '../creditors/service';
import type { CustomerService } from '../customers/service';
import { idempotentCreate } from '../idempotency/service';
import type { MandateService } from '../mandates/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, isDomainError, validationFailed } from '../shared/errors';
import type { ClockWork, ScheduledTransition } from '../shared/schedule';
import { applyMove, canMove } from '../shared/state-machine';
import {
  closeAccess,
  findPayerAuthorisation,
  findPayerAuthorisationById,
  insertPayerAuthorisation,
  isAccessOpen,
  openAccess,
  updateObjects,
} from './queries';
import { checkPayerAuthorisation, mergeUpdate } from './rules';
import { PAYER_AUTHORISATION_MACHINE } from './state';
import type { PayerAuthorisationInput, PayerAuthorisationRow } from './types';

export interface PayerAuthorisationDeps {
  customers: CustomerService;
  bankAccounts: BankAccountService;
  mandates: MandateService;
  creditors: CreditorService;
}

const service = (organisationId: string): Actor => ({
  organisationId,
  origin: 'gocardless',
  source: { type: 'gc_team' },
});

/**
 * Payer authorisations (deprecated; billing requests replace them). Closed to every organisation
 * until the operator opens them (`npm run cli -- payer-authorisations open <OR…>`): until then
 * each use case answers `feature_disabled`.
 */
export function createPayerAuthorisationService(ctx: DomainContext, deps: PayerAuthorisationDeps) {
  async function ensureOpen(db: Queryable, actor: Actor): Promise<void> {
    if (!(await isAccessOpen(db, actor.organisationId))) throw new DomainError('feature_disabled');
  }

  async function findOpen(db: Queryable, actor: Actor, id: string, lock = false) {
    await ensureOpen(db, actor);
    return findPayerAuthorisation(db, actor.organisationId, id, { lock });
  }

  /** The customer, bank account and mandate, made in a savepoint: all three or none. */
  async function setUp(tx: Queryable, actor: Actor, row: PayerAuthorisationRow) {
    const checked = checkPayerAuthorisation(row);
    if (checked.issues.length || !checked.account || !checked.scheme) throw validationFailed(checked.issues);
    const { account, scheme } = checked;
    const creditor = await deps.creditors.resolve(tx, actor, null);
    const customer = await deps.customers.insert(tx, actor, checked.customer);
    const bankAccount = await deps.bankAccounts.collectForCustomer(
      tx,
      actor,
      customer.id,
      account,
      row.bank_account.metadata,
    );
    const mandate = await deps.mandates.create(tx, actor, {
      creditor,
      customer,
      bankAccount,
      scheme,
      reference: row.mandate.reference?.trim() || null,
      metadata: row.mandate.metadata,
      payerIpAddress: scheme === 'ach' ? row.mandate.payer_ip_address : null,
    });
    return { customer: customer.id, customer_bank_account: bankAccount.id, mandate: mandate.id };
  }

  return {
    /** What the authorisation still lacks or has wrong (`incomplete_fields`). */
    incomplete: (row: PayerAuthorisationRow) => checkPayerAuthorisation(row).issues,

    async create(
      tx: Queryable,
      actor: Actor,
      input: PayerAuthorisationInput,
      options: { idempotencyKey?: string } = {},
    ): Promise<PayerAuthorisationRow> {
      await ensureOpen(tx, actor);
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
        insertPayerAuthorisation(tx, {
          id: ctx.ids('payerAuthorisation'),
          organisation_id: actor.organisationId,
          customer: input.customer ?? {},
          bank_account: input.bank_account ?? {},
          mandate: input.mandate ?? {},
          created_at: ctx.clock.now(),
        }),
      );
    },

    get: (db: Queryable, actor: Actor, id: string) => findOpen(db, actor, id),

    async update(tx: Queryable, actor: Actor, id: string, input: PayerAuthorisationInput) {
      const row = await findOpen(tx, actor, id, true);
      const updated = await updateObjects(tx, row.id, mergeUpdate(row, input), ctx.clock.now());
      if (!updated) throw new DomainError('payer_authorisation_not_editable');
      return updated;
    },

    /** Freezes valid data; invalid data is refused with its fields (422) and nothing changes. */
    async submit(tx: Queryable, actor: Actor, id: string): Promise<PayerAuthorisationRow> {
      const row = await findOpen(tx, actor, id, true);
      if (canMove(PAYER_AUTHORISATION_MACHINE, row.status, 'submit')) {
        const { issues } = checkPayerAuthorisation(row);
        if (issues.length) throw validationFailed(issues);
      }
      return applyMove(tx, ctx, PAYER_AUTHORISATION_MACHINE, row, 'submit', { actor });
    },

    /** Confirms a submitted authorisation; the scheme clock then makes its customer, account and mandate. */
    async confirm(tx: Queryable, actor: Actor, id: string): Promise<PayerAuthorisationRow> {
      const row = await findOpen(tx, actor, id, true);
      return applyMove(tx, ctx, PAYER_AUTHORISATION_MACHINE, row, 'confirm', { actor });
    },

    /** The scheme clock's move: completed with what it made, or failed (its event says which). */
    clockWork: {
      machine: PAYER_AUTHORISATION_MACHINE,
      async apply(tx: Queryable, item: ScheduledTransition): Promise<void> {
        const row = await findPayerAuthorisationById(tx, item.resource_id, { lock: true });
        if (!row || !canMove(PAYER_AUTHORISATION_MACHINE, row.status, 'complete')) return;
        const actor = service(row.organisation_id);
        try {
          const made = await withSavepoint(tx, () => setUp(tx, actor, row));
          await applyMove(tx, ctx, PAYER_AUTHORISATION_MACHINE, row, 'complete', {
            actor,
            links: made,
            set: {
              customer_id: made.customer,
              customer_bank_account_id: made.customer_bank_account,
              mandate_id: made.mandate,
            },
          });
        } catch (error) {
          if (!isDomainError(error)) throw error;
          await applyMove(tx, ctx, PAYER_AUTHORISATION_MACHINE, row, 'fail', {
            actor,
            cause: error.reason === 'mandate_blocked' ? 'mandate_blocked' : 'payer_authorisation_failed',
          });
        }
      },
    } satisfies ClockWork,

    /** The operator's switch (CLI). */
    access: {
      isOpen: (db: Queryable, organisationId: string) => isAccessOpen(db, organisationId),
      open: (tx: Queryable, organisationId: string) => openAccess(tx, organisationId, ctx.clock.now()),
      close: (tx: Queryable, organisationId: string) => closeAccess(tx, organisationId),
    },
  };
}
