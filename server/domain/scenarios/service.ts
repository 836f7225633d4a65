import type { Queryable } from '../../db/db';
import { asLink } from '../shared/lookup';
import type { BankAuthorisationService } from '../bank-authorisations/service';
import { findAction, requestCurrency } from '../billing-requests/actions';
import type { Fulfilment } from '../billing-requests/fulfil';
import type { BillingRequestCore } from '../billing-requests/service';
import type { CreditorService } from '../creditors/service';
import type { MandateService } from '../mandates/service';
import type { MandateTransferService } from '../mandate-transfers/service';
import { ACTIVATION, MANDATE_MOVES } from '../mandates/state';
import type { PaymentService } from '../payments/service';
import type { PayoutService } from '../payouts/service';
import { PAYMENT_MOVES } from '../payments/state';
import type { RefundService } from '../refunds/service';
import { REFUND_MOVES } from '../refunds/state';
import { sandboxBankShare } from '../schemes/sandbox-accounts';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError } from '../shared/errors';
import { unschedule } from '../shared/schedule';
import { bankReportDetails } from './bank-reports';
import { SCENARIO_SIMULATORS, applies, isSimulatorId, movesFrom, type Simulator } from './simulators';

export interface ScenarioDeps {
  mandates: () => MandateService;
  payments: () => PaymentService;
  refunds: () => RefundService;
  billingRequests: () => Pick<BillingRequestCore, 'lock' | 'settle'>;
  fulfilment: () => Pick<Fulfilment, 'fulfil'>;
  bankAuthorisations: () => Pick<BankAuthorisationService, 'applyAuthorisation'>;
  payouts: () => Pick<PayoutService, 'get' | 'bounce'>;
  creditors: () => Pick<CreditorService, 'setVerificationStatus'>;
  mandateTransfers: () => Pick<MandateTransferService, 'transfer'>;
}

/**
 * Runs a sandbox scenario simulator on one of the organisation's resources: the bank's moves
 * happen at once, in the caller's unit of work with their events, as if the bank had reported them. What
 * the scheme clock had booked for the resource is dropped: the simulator now decides its path.
 */
export function createScenarioService(ctx: DomainContext, deps: ScenarioDeps) {
  const notApplicable = (status: string, scheme: string) =>
    new DomainError('scenario_simulator_not_applicable', { params: { status, scheme } });

  /** Looks a resource up as the simulator's kind; any other id (another kind, another organisation's) is not found. */
  const lookUp = <T>(find: () => Promise<T>): Promise<T> => asLink('resource', find);

  async function runOnPayment(
    tx: Queryable,
    actor: Actor,
    simulator: Extract<Simulator, { resource: 'payments' }>,
    resourceId: string,
  ) {
    const payments = deps.payments();
    // A path through `pay_out` makes a payout, whose lock (the payment account) comes before the payment's.
    const unlocked = await lookUp(() => payments.find(tx, actor, resourceId));
    if (movesFrom(simulator.moves, PAYMENT_MOVES, unlocked.status).includes('pay_out'))
      await payments.lockFundsOf(tx, unlocked);
    const payment = await payments.find(tx, actor, resourceId, true);
    // Reference: the payment's mandate must be active, or (schemes activated with their first
    // payment) still on its way there.
    const mandate = payment.mandate_id ? await deps.mandates().find(tx, actor, payment.mandate_id) : undefined;
    const mandateReady =
      mandate?.status === 'active' ||
      (mandate !== undefined &&
        ACTIVATION[mandate.scheme as Scheme] === 'first_payment' &&
        ['pending_submission', 'submitted'].includes(mandate.status));
    if (!applies(simulator, payment.scheme, payment.status) || !mandateReady)
      throw notApplicable(payment.status, payment.scheme);
    await unschedule(tx, payment.id);
    await payments.bankMoves(tx, payment, movesFrom(simulator.moves, PAYMENT_MOVES, payment.status), simulator.report);
  }

  async function runOnMandate(
    tx: Queryable,
    actor: Actor,
    simulator: Extract<Simulator, { resource: 'mandates' }>,
    resourceId: string,
  ) {
    const mandates = deps.mandates();
    let mandate = await lookUp(() => mandates.find(tx, actor, resourceId, true));
    if (!applies(simulator, mandate.scheme, mandate.status)) throw notApplicable(mandate.status, mandate.scheme);
    await unschedule(tx, mandate.id);
    const moves = movesFrom(simulator.moves, MANDATE_MOVES, mandate.status);
    for (const [index, move] of moves.entries()) {
      const report = index === moves.length - 1 ? simulator.report : undefined;
      mandate = await mandates.bankMove(
        tx,
        mandate,
        move,
        report && bankReportDetails(report, mandate.scheme, 'mandates'),
      );
    }
  }

  /**
   * The payer authorises at the (simulated) bank, sharing the sandbox account where the bank
   * supplies it, and the request is fulfilled; then its payment walks the simulator's moves.
   */
  async function runOnBillingRequest(
    tx: Queryable,
    actor: Actor,
    simulator: Extract<Simulator, { resource: 'billing_requests' }>,
    id: string,
  ) {
    const billingRequests = deps.billingRequests();
    const request = await lookUp(() => billingRequests.lock(tx, actor, id));
    const view = await billingRequests.settle(tx, request.id);
    const authorisation = findAction(view.actions, 'bank_authorisation');
    const coveredByBank = new Set<string>(['bank_authorisation', ...(authorisation?.completes_actions ?? [])]);
    const onlyBankLeft = view.actions.every(
      (action) => !action.required || action.status === 'completed' || coveredByBank.has(action.type),
    );
    const payment = request.payment_request;
    if (view.request.status !== 'pending' || !payment || authorisation?.status !== 'pending' || !onlyBankLeft) {
      throw notApplicable(view.request.status, payment?.scheme ?? request.mandate_request?.scheme ?? '');
    }
    await deps
      .bankAuthorisations()
      .applyAuthorisation(tx, actor, request.id, sandboxBankShare(view.customer, requestCurrency(request)));
    const fulfilled = await deps.fulfilment().fulfil(tx, actor, request.id);
    if (!simulator.moves.length || !fulfilled.request.payment_id) return;
    const payments = deps.payments();
    const unlocked = await payments.find(tx, actor, fulfilled.request.payment_id);
    if (simulator.moves.includes('pay_out')) await payments.lockFundsOf(tx, unlocked);
    const created = await payments.find(tx, actor, fulfilled.request.payment_id, true);
    await unschedule(tx, created.id);
    await payments.bankMoves(tx, created, simulator.moves, simulator.report);
  }

  /** A refund's simulator walks its moves from the first one its status allows. */
  async function runOnRefund(
    tx: Queryable,
    actor: Actor,
    simulator: Extract<Simulator, { resource: 'refunds' }>,
    resourceId: string,
  ) {
    const refunds = deps.refunds();
    const refund = await lookUp(() => refunds.find(tx, actor, resourceId));
    if (!(simulator.from as readonly string[]).includes(refund.status)) throw notApplicable(refund.status, '');
    await unschedule(tx, refund.id);
    await refunds.bankMoves(tx, refund, movesFrom(simulator.moves, REFUND_MOVES, refund.status));
  }

  /** `payout_bounced`: the creditor's bank returns a pending or paid payout. */
  async function runOnPayout(
    tx: Queryable,
    actor: Actor,
    simulator: Extract<Simulator, { resource: 'payouts' }>,
    id: string,
  ) {
    const payout = await lookUp(() => deps.payouts().get(tx, actor, id));
    if (!simulator.from.includes(payout.status)) throw notApplicable(payout.status, '');
    await deps.payouts().bounce(tx, actor, id);
  }

  /** The creditor simulators set the verification review's outcome, from any state. */
  async function runOnCreditor(
    tx: Queryable,
    actor: Actor,
    simulator: Extract<Simulator, { resource: 'creditors' }>,
    id: string,
  ) {
    await lookUp(() => deps.creditors().setVerificationStatus(tx, actor, id, simulator.verificationStatus));
  }

  /** `mandate_transferred`: the payer's bank moves a Bacs mandate to another of the payer's accounts. */
  async function runOnTransfer(
    tx: Queryable,
    actor: Actor,
    simulator: Extract<Simulator, { resource: 'mandate_transfers' }>,
    id: string,
  ) {
    const mandate = await lookUp(() => deps.mandates().find(tx, actor, id, true));
    if (!simulator.from.includes(mandate.status) || !simulator.onlySchemes.includes(mandate.scheme as Scheme))
      throw notApplicable(mandate.status, mandate.scheme);
    await deps.mandateTransfers().transfer(tx, actor, mandate);
  }

  const runners = {
    creditors: runOnCreditor,
    mandate_transfers: runOnTransfer,
    payouts: runOnPayout,
    payments: runOnPayment,
    refunds: runOnRefund,
    mandates: runOnMandate,
    billing_requests: runOnBillingRequest,
  } as const;

  return {
    /** POST /scenario_simulators/{identifier}/actions/run. Sandbox only. */
    async run(tx: Queryable, actor: Actor, identifier: string, resourceId: string): Promise<{ id: string }> {
      if (ctx.environment !== 'sandbox')
        throw new DomainError('feature_disabled', { messageKey: 'scenario.sandbox_only' });
      if (!isSimulatorId(identifier)) throw new DomainError('resource_not_found');
      const simulator: Simulator = SCENARIO_SIMULATORS[identifier];
      const runner = runners[simulator.resource] as (
        tx: Queryable,
        actor: Actor,
        simulator: Simulator,
        id: string,
      ) => Promise<void>;
      await runner(tx, actor, simulator, resourceId);
      return { id: identifier };
    },
  };
}
