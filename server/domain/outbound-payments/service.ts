import type { Queryable } from '../../db/db';
import { json } from '../../db/sql';
import type { HolderMatch } from '../account-holder-verifications/sandbox-names';
import type { BankAccountRow } from '../bank-accounts/types';
import { findDefaultPayoutAccount } from '../creditor-bank-accounts/queries';
import type { CreditorService } from '../creditors/service';
import { setOutboundApprovalRequired } from '../creditors/queries';
import type { CreditorRow } from '../creditors/types';
import { recordEvent } from '../events/queries';
import { idempotentCreate } from '../idempotency/service';
import { postings } from '../ledger/postings';
import { accountBalance } from '../ledger/queries';
import { post } from '../ledger/service';
import type { NegativeBalanceLimitService } from '../negative-balance-limits/service';
import { findOutboundPaymentImport } from '../outbound-payment-imports/queries';
import { OUTBOUND_CURRENCY } from '../outbound-payment-imports/types';
import { lockFundsAccount } from '../payouts/run';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, notFound, validationFailed } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import type { Page, PageRequest } from '../shared/pagination';
import type { ClockWork, ScheduledTransition } from '../shared/schedule';
import { applyMove } from '../shared/state-machine';
import { checkInput, executionDate } from './rules';
import { applyScheduledOutboundMove } from './bank';
import {
  findOutboundPayment,
  insertOutboundPayment,
  listOutboundPayments,
  outboundPaymentStats,
  updateOutboundPaymentMetadata,
} from './queries';
import { OUTBOUND_PAYMENT_MACHINE, OUTBOUND_PAYMENT_MOVES, OUTBOUND_PAYMENT_STATUSES } from './state';
import type { OutboundPaymentFilters, OutboundPaymentInput, OutboundPaymentRow, OutboundPaymentStats } from './types';

export interface OutboundPaymentDeps {
  creditors: CreditorService;
  limits: NegativeBalanceLimitService;
  /** The organisation's customer bank account (404 when not theirs or its customer was removed). */
  findBankAccount: (db: Queryable, actor: Actor, id: string) => Promise<BankAccountRow>;
  /** Confirmation of payee: the recipient bank's answer for a holder name (account-holder-verifications). */
  askBank: (holderName: string) => HolderMatch;
}

/** Who made or approved a payment: the access token, so a second approver is a different one. */
export interface Approver {
  tokenId: string;
}

interface Recipient {
  id: string;
  name: string;
  customerId: string | null;
  isWithdrawal: boolean;
}

/**
 * Outbound payments: use cases taking the caller's unit of work first. Creating one locks the
 * creditor's GBP payment account (the lock payout runs and refunds take first), reads the balance
 * under it and posts the amount out of it in the same transaction, so concurrent payments queue on
 * the lock and each sees the ones before it: together they can never overdraw past the creditor's
 * negative balance limit.
 */
export function createOutboundPaymentService(ctx: DomainContext, deps: OutboundPaymentDeps) {
  async function checkBalance(tx: Queryable, creditorId: string, amount: number): Promise<void> {
    const balance = await accountBalance(tx, creditorId, OUTBOUND_CURRENCY, 'confirmed');
    const limit = await deps.limits.limitOf(tx, creditorId, OUTBOUND_CURRENCY);
    if (balance - amount < -limit) {
      throw new DomainError('insufficient_balance', { metadata: { available_amount: Math.max(0, balance + limit) } });
    }
  }

  /** Everything after the checks, under the payment account's lock: the row, its event, its money, its next move. */
  async function make(
    tx: Queryable,
    actor: Actor,
    approver: Approver,
    creditor: CreditorRow,
    recipient: Recipient,
    input: OutboundPaymentInput & { importId?: string | null },
  ): Promise<OutboundPaymentRow> {
    const now = ctx.clock.now();
    const date = executionDate(input.execution_date, now);
    await checkBalance(tx, creditor.id, input.amount);
    // A withdrawal goes to the creditor's own verified account; anyone else's name is checked.
    const match = recipient.isWithdrawal ? null : deps.askBank(recipient.name);
    const row = await insertOutboundPayment(tx, {
      id: ctx.ids('outboundPayment'),
      organisation_id: actor.organisationId,
      creditor_id: creditor.id,
      recipient_bank_account_id: recipient.id,
      customer_id: recipient.customerId,
      outbound_payment_import_id: input.importId ?? null,
      is_withdrawal: recipient.isWithdrawal,
      amount: input.amount,
      currency: OUTBOUND_CURRENCY,
      scheme: input.scheme,
      description: input.description ?? null,
      reference: input.reference ?? null,
      execution_date: date,
      recipient_name: recipient.name,
      verification_result: match?.result ?? null,
      verification_actual_name: match?.actualAccountName ?? null,
      created_by_token_id: approver.tokenId,
      metadata: input.metadata ?? {},
      created_at: now,
    });
    await recordEvent(tx, ctx, {
      organisationId: row.organisation_id,
      resourceType: 'outbound_payments',
      action: 'created',
      links: { outbound_payment: row.id, creditor: row.creditor_id },
      details: {
        origin: actor.origin,
        cause: recipient.isWithdrawal ? 'outbound_payment_withdrawal_created' : 'outbound_payment_created',
        description: 'Outbound payment created.',
        scheme: row.scheme,
      },
      resourceMetadata: row.metadata,
      source: actor.source,
    });
    await post(tx, ctx, {
      organisationId: row.organisation_id,
      creditorId: row.creditor_id,
      currency: row.currency,
      lines: postings.outboundReserved(row.amount),
      links: { outboundPayment: row.id },
    });
    if (match?.result === 'no_match')
      return applyMove(tx, ctx, OUTBOUND_PAYMENT_MACHINE, row, 'fail', { actor, cause: 'recipient_name_no_match' });
    if (creditor.outbound_payments_require_approval)
      return applyMove(tx, ctx, OUTBOUND_PAYMENT_MACHINE, row, 'require_approval', { actor });
    return applyMove(tx, ctx, OUTBOUND_PAYMENT_MACHINE, row, 'schedule', { actor });
  }

  async function createWith(
    tx: Queryable,
    actor: Actor,
    approver: Approver,
    creditor: CreditorRow,
    recipient: Recipient,
    input: OutboundPaymentInput & { importId?: string | null },
    idempotencyKey: string | undefined,
  ): Promise<OutboundPaymentRow> {
    checkInput(input, ctx.clock.now());
    await lockFundsAccount(tx, ctx, {
      organisationId: actor.organisationId,
      creditorId: creditor.id,
      currency: OUTBOUND_CURRENCY,
    });
    return idempotentCreate(tx, ctx.clock, actor, idempotencyKey, () =>
      make(tx, actor, approver, creditor, recipient, input),
    );
  }

  return {
    /** POST /outbound_payments: to a customer bank account of the organisation. */
    async create(
      tx: Queryable,
      actor: Actor,
      approver: Approver,
      links: { creditor?: string | null; recipient_bank_account: string; outbound_payment_import?: string | null },
      input: OutboundPaymentInput,
      options: { idempotencyKey?: string } = {},
    ): Promise<OutboundPaymentRow> {
      const creditor = await deps.creditors.resolve(tx, actor, links.creditor);
      const account = await asLink('recipient_bank_account', () =>
        deps.findBankAccount(tx, actor, links.recipient_bank_account),
      );
      if (account.currency !== OUTBOUND_CURRENCY) {
        throw validationFailed([
          {
            field: 'links.recipient_bank_account',
            code: 'bank_account_currency_mismatch',
            params: { currency: OUTBOUND_CURRENCY },
          },
        ]);
      }
      if (!account.enabled) throw new DomainError('bank_account_disabled');
      const imported = links.outbound_payment_import
        ? await asLink('outbound_payment_import', () =>
            findOutboundPaymentImport(tx, actor.organisationId, links.outbound_payment_import!),
          )
        : undefined;
      const recipient = {
        id: account.id,
        name: account.account_holder_name,
        customerId: account.customer_id,
        isWithdrawal: false,
      };
      return createWith(
        tx,
        actor,
        approver,
        creditor,
        recipient,
        { ...input, importId: imported?.id },
        options.idempotencyKey,
      );
    },

    /** POST /outbound_payments/withdrawal: to the creditor's own verified GBP payout account only. */
    async withdraw(
      tx: Queryable,
      actor: Actor,
      approver: Approver,
      links: { creditor?: string | null },
      input: OutboundPaymentInput,
      options: { idempotencyKey?: string } = {},
    ): Promise<OutboundPaymentRow> {
      const creditor = await deps.creditors.resolve(tx, actor, links.creditor);
      const own = await findDefaultPayoutAccount(tx, creditor.id, OUTBOUND_CURRENCY);
      if (!own || own.verification_status !== 'successful') throw new DomainError('withdrawal_account_not_verified');
      const recipient = { id: own.id, name: own.account_holder_name, customerId: null, isWithdrawal: true };
      return createWith(tx, actor, approver, creditor, recipient, input, options.idempotencyKey);
    },

    get: (db: Queryable, actor: Actor, id: string) => findOutboundPayment(db, actor.organisationId, id),

    list: (
      db: Queryable,
      actor: Actor,
      filters: OutboundPaymentFilters,
      page: PageRequest,
    ): Promise<Page<OutboundPaymentRow>> => listOutboundPayments(db, actor.organisationId, filters, page),

    async updateMetadata(tx: Queryable, actor: Actor, id: string, metadata: Metadata | undefined) {
      const row = await findOutboundPayment(tx, actor.organisationId, id, { lock: true });
      return updateOutboundPaymentMetadata(tx, id, metadata ?? row.metadata, ctx.clock.now());
    },

    /** Cancellable until it starts executing; its amount goes back to the balance in the same move. */
    async cancel(tx: Queryable, actor: Actor, id: string, metadata: Metadata | undefined) {
      const row = await findOutboundPayment(tx, actor.organisationId, id, { lock: true });
      return applyMove(tx, ctx, OUTBOUND_PAYMENT_MACHINE, row, 'cancel', {
        actor,
        metadata,
        ...(metadata ? { set: { metadata: json(metadata) } } : {}),
      });
    },

    /** The second approver: any access token of the organisation but the one that created the payment. */
    async approve(tx: Queryable, actor: Actor, approver: Approver, id: string) {
      const row = await findOutboundPayment(tx, actor.organisationId, id, { lock: true });
      if (row.status !== 'pending_approval') throw new DomainError(OUTBOUND_PAYMENT_MOVES.approve.refused);
      if (row.created_by_token_id === approver.tokenId) throw new DomainError('outbound_payment_approver_is_creator');
      return applyMove(tx, ctx, OUTBOUND_PAYMENT_MACHINE, row, 'approve', {
        actor,
        set: { approved_by_token_id: approver.tokenId },
      });
    },

    /** The operator's switch (CLI): a creditor's outbound payments need a second approver, or no longer. */
    async setApprovalRequired(tx: Queryable, creditorId: string, required: boolean): Promise<CreditorRow> {
      const row = await setOutboundApprovalRequired(tx, creditorId, required, ctx.clock.now());
      if (!row) throw notFound('creditors');
      return row;
    },

    async stats(db: Queryable, actor: Actor): Promise<OutboundPaymentStats> {
      const found = await outboundPaymentStats(db, actor.organisationId);
      return Object.fromEntries(
        OUTBOUND_PAYMENT_STATUSES.map((status) => [status, found[status] ?? { count: 0, amount: 0 }]),
      ) as OutboundPaymentStats;
    },

    clockWork: {
      machine: OUTBOUND_PAYMENT_MACHINE,
      apply: (tx: Queryable, item: ScheduledTransition) => applyScheduledOutboundMove(tx, ctx, item),
    } satisfies ClockWork,
  };
}

export type OutboundPaymentService = ReturnType<typeof createOutboundPaymentService>;
