import type { Queryable } from '../../db/db';
import { applyMove } from '../shared/state-machine';
import { BILLING_REQUEST_MACHINE } from './state';
import type { BankAccountRow } from '../bank-accounts/types';
import type { CreditorService } from '../creditors/service';
import type { CreditorRow } from '../creditors/types';
import { findBillingDetailIpAddress } from '../customers/billing-details-queries';
import type { CustomerRow } from '../customers/types';
import type { MandateService } from '../mandates/service';
import type { MandateRow } from '../mandates/types';
import type { PaymentService } from '../payments/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError } from '../shared/errors';
import type { Metadata } from '../shared/metadata';
import { isInstantPayment, mandateSpec } from './actions';
import type { BillingRequestCore } from './service';
import type { BillingRequestRow, InstalmentScheduleRequest, SubscriptionRequest } from './types';

export interface FulfilDeps {
  creditors: CreditorService;
  mandates: () => MandateService;
  payments: () => PaymentService;
  createSubscription: (
    tx: Queryable,
    actor: Actor,
    mandate: MandateRow,
    request: SubscriptionRequest,
  ) => Promise<{ id: string }>;
  createInstalmentSchedule: (
    tx: Queryable,
    actor: Actor,
    mandate: MandateRow,
    request: InstalmentScheduleRequest,
  ) => Promise<{ id: string }>;
}

const MANDATE_TYPES: Record<string, string> = { pay_to: 'recurring' };

/**
 * Fulfilment, in the caller's unit of work: everything the billing request asked for — the
 * mandate, the payment (instant, or under the mandate after a fallback), the subscription or
 * instalment schedule — then `fulfilled`. `ready_to_fulfil → fulfilling` is claimed first with a
 * conditional update, so two fulfils of one request cannot both run. A refusal (a block, say)
 * throws, and the caller's rollback leaves the request ready to fulfil (the payer's pages fulfil
 * in a savepoint, so their step that led here is kept).
 */
export function createFulfilment(ctx: DomainContext, core: BillingRequestCore, deps: FulfilDeps) {
  async function fulfil(tx: Queryable, actor: Actor, id: string, metadata?: Metadata) {
    const request = await core.lock(tx, actor, id);
    if (request.status === 'fulfilled' || request.status === 'fulfilling')
      throw new DomainError('billing_request_already_fulfilled');
    if (request.status === 'cancelled')
      throw new DomainError('billing_request_not_pending', { params: { status: request.status } });
    const view = await core.settle(tx, id);
    if (view.request.status !== 'ready_to_fulfil') throw new DomainError('billing_request_must_be_ready_to_fulfil');
    const claimed = await applyMove(tx, ctx, BILLING_REQUEST_MACHINE, view.request, 'claim', { actor });

    const creditor = await deps.creditors.resolve(tx, actor, request.creditor_id);
    const created: Partial<Record<'mandate' | 'payment' | 'subscription' | 'instalment_schedule', string>> = {};

    let mandate: MandateRow | undefined;
    const spec = mandateSpec(request);
    if (spec) {
      mandate = await setUpMandate(tx, actor, request, creditor, view.customer, view.bankAccount!, spec.scheme);
      created.mandate = mandate.id;
    }
    const p = request.payment_request;
    if (p) {
      const input = {
        amount: p.amount,
        currency: p.currency,
        description: p.description,
        reference: p.reference,
        metadata: p.metadata,
        appFee: p.app_fee,
        retryIfPossible: p.retry_if_possible,
        fundsSettlement: p.funds_settlement,
      };
      const payment = isInstantPayment(request)
        ? await deps
            .payments()
            .createInstant(
              tx,
              actor,
              creditor.id,
              p.scheme ?? (p.currency === 'GBP' ? 'faster_payments' : 'sepa_credit_transfer'),
              input,
            )
        : await deps.payments().createForMandate(tx, actor, mandate!, input);
      created.payment = payment.id;
    }
    if (request.subscription_request && mandate) {
      created.subscription = (await deps.createSubscription(tx, actor, mandate, request.subscription_request)).id;
    }
    if (request.instalment_schedule_request && mandate) {
      created.instalment_schedule = (
        await deps.createInstalmentSchedule(tx, actor, mandate, request.instalment_schedule_request)
      ).id;
    }

    const links: Record<string, string> = {};
    if (created.mandate) links.mandate_request_mandate = created.mandate;
    if (created.payment) links.payment_request_payment = created.payment;
    if (view.bankAccount) links.customer_bank_account = view.bankAccount.id;
    await applyMove(tx, ctx, BILLING_REQUEST_MACHINE, claimed, 'fulfil', {
      actor,
      links,
      metadata,
      set: {
        mandate_id: created.mandate ?? null,
        payment_id: created.payment ?? null,
        subscription_id: created.subscription ?? null,
        instalment_schedule_id: created.instalment_schedule ?? null,
      },
    });
    return core.settle(tx, id);
  }

  /**
   * The mandate of a fulfilled request. A customer moving to a new bank account with this creditor
   * and scheme replaces their old mandate: it is cancelled with links.new_mandate.
   */
  async function setUpMandate(
    tx: Queryable,
    actor: Actor,
    request: BillingRequestRow,
    creditor: CreditorRow,
    customer: CustomerRow,
    bankAccount: BankAccountRow,
    scheme: MandateRow['scheme'],
  ): Promise<MandateRow> {
    const m = request.mandate_request;
    const verified = request.completed_actions.includes('bank_authorisation');
    const mandate = await deps.mandates().create(tx, actor, {
      creditor,
      customer,
      bankAccount,
      scheme: scheme as never,
      metadata: m?.metadata ?? {},
      authorisationSource: m?.authorisation_source ?? (scheme === 'ach' ? 'web' : null),
      payerIpAddress:
        scheme === 'ach' ? await findBillingDetailIpAddress(tx, request.customer_billing_detail_id) : null,
      consentType: m?.consent_type ?? null,
      consentParameters: m?.constraints ? { ...m.constraints } : null,
      fundsSettlement: m?.funds_settlement ?? 'managed',
      mandateType:
        m?.scheme === 'faster_payments'
          ? m.sweeping
            ? 'vrp_sweeping'
            : 'vrp_commercial'
          : (MANDATE_TYPES[scheme] ?? 'bank_debit'),
      verified,
    });
    await deps.mandates().replaceEarlier(tx, actor, mandate);
    return mandate;
  }

  return { fulfil };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
