import { completeInstalmentScheduleIfPaidOut } from '../instalment-schedules/completion';
import type { Queryable } from '../../db/db';
import { findCustomerGivenName } from '../customers/queries';
import { findFeeSchedule } from '../fees/queries';
import type { EventDetails } from '../events/types';
import { bankKindFor, type BankKind } from '../bank-submissions/connections';
import { findMandateById } from '../mandates/queries';
import type { MandateRow } from '../mandates/types';
import { ACTIVATION, COLLECTABLE, MANDATE_MACHINE } from '../mandates/state';
import { bankReportDetails, type BankReport } from '../scenarios/bank-reports';
import { nameTrigger } from '../scenarios/name-triggers';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import type { ScheduledTransition } from '../shared/schedule';
import { applyMove, canMove } from '../shared/state-machine';
import { findPaymentById } from './queries';
import { PAYMENT_MACHINE, PAYMENT_MOVES, type PaymentMove } from './state';
import type { PaymentRow } from './types';

/**
 * The payouts module, as payments see it: `payOut` makes the payout of a confirmed payment's
 * creditor and currency; `lockFunds` takes that payout's first lock (the creditor's payment account),
 * which a caller about to lock a payment and then pay it out must take before the payment's.
 */
export interface Payouts {
  payOut: (tx: Queryable, payment: PaymentRow) => Promise<unknown>;
  lockFunds: (tx: Queryable, payment: PaymentRow) => Promise<void>;
}

/**
 * A move reported by the bank, shared by the scheme clock and the sandbox's simulators.
 * Submitting the first payment of a mandate activated with its first payment submits that
 * mandate too, and the bank's answer on that payment (confirmed, or failed for lack of funds,
 * which says the account exists) activates it. With `followUps`, the machine's follow-ups are
 * booked (the clock's path); the simulators apply their moves themselves.
 */
export async function bankMove(
  tx: Queryable,
  ctx: DomainContext,
  payment: PaymentRow & { bank?: BankKind },
  name: PaymentMove,
  options: { followUps?: boolean; details?: EventDetails; lockedMandate?: MandateRow } = {},
): Promise<PaymentRow> {
  const bank: Actor = { organisationId: payment.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
  const mandate =
    options.lockedMandate ??
    (payment.mandate_id ? await findMandateById(tx, payment.mandate_id, { lock: true }) : undefined);
  const withFirstPayment = mandate !== undefined && ACTIVATION[mandate.scheme as Scheme] === 'first_payment';

  let mandateStatus = mandate?.status;
  if (name === 'submit' && withFirstPayment && mandateStatus === 'pending_submission') {
    await applyMove(tx, ctx, MANDATE_MACHINE, mandate!, 'submit', { actor: bank });
    mandateStatus = 'submitted';
  }
  // Confirmed funds carry the service's fees: the organisation's schedule, read here, priced in `money`.
  const priced =
    name === 'confirm' ? { ...payment, feeSchedule: await findFeeSchedule(tx, payment.organisation_id) } : payment;
  const moved = await applyMove(tx, ctx, PAYMENT_MACHINE, priced, name, {
    actor: bank,
    details: options.details,
    followUps: options.followUps === true,
  });
  if (name === 'pay_out' && moved.instalment_schedule_id)
    await completeInstalmentScheduleIfPaidOut(tx, ctx, moved.instalment_schedule_id);
  if ((name === 'confirm' || name === 'fail') && withFirstPayment && mandateStatus === 'submitted') {
    await applyMove(tx, ctx, MANDATE_MACHINE, mandate!, 'activate', { actor: bank });
  }
  return moved;
}

/**
 * Several bank moves in a row, the last carrying the bank's report (a simulator's or a name
 * trigger's path). A `pay_out` goes through a real payout, as on the clock, so the payment has its
 * `links.payout`; only when no payout can be made (no payout account for the currency, a
 * balance of zero or less, or a sandbox organisation holding its payouts) does the payment move alone. The caller has taken `payouts.lockFunds`
 * before locking the payment.
 */
export async function bankMoves(
  tx: Queryable,
  ctx: DomainContext,
  payment: PaymentRow,
  moves: readonly PaymentMove[],
  report?: BankReport,
  payouts?: Payouts,
): Promise<PaymentRow> {
  let moved = payment;
  for (const [index, move] of moves.entries()) {
    const last = index === moves.length - 1;
    if (move === 'pay_out' && payouts && moved.status === 'confirmed') {
      await payouts.payOut(tx, moved);
      const after = await findPaymentById(tx, moved.id, { lock: true });
      if (after?.status === 'paid_out') {
        moved = after;
        continue;
      }
    }
    moved = await bankMove(tx, ctx, moved, move, {
      details: last && report ? bankReportDetails(report, payment.scheme, 'payments') : undefined,
    });
  }
  return moved;
}

/** The sandbox's name-triggered scenario for this payment's payer at this move, if any. */
async function sandboxNameTrigger(tx: Queryable, payment: PaymentRow, move: PaymentMove) {
  if (!payment.mandate_id) return undefined;
  const mandate = await findMandateById(tx, payment.mandate_id);
  const givenName = mandate ? await findCustomerGivenName(tx, mandate.customer_id) : undefined;
  return nameTrigger(givenName, payment.scheme, move);
}

/**
 * The scheme clock's moves for payments, in the clock's transaction. A move no longer possible
 * (cancelled since) is dropped, and so is a submission whose mandate can no longer collect. In the
 * sandbox, a payer's name may pick the bank's answer instead (name triggers).
 */
export async function applyScheduledPaymentMove(
  tx: Queryable,
  ctx: DomainContext,
  item: ScheduledTransition,
  payouts?: Payouts,
): Promise<void> {
  // `paid_out` means "in a payout": the clock's pay_out makes the creditor's payout, which moves
  // this payment and every other it takes. Read unlocked: the payout locks the creditor's payment
  // account before its payments, and so must every payout run, or two would deadlock.
  if (item.transition === 'pay_out' && payouts) {
    const confirmed = await findPaymentById(tx, item.resource_id);
    if (!confirmed || confirmed.status !== 'confirmed') return;
    const sandbox = ctx.environment === 'sandbox' && !confirmed.subscription_id;
    const trigger = sandbox ? await sandboxNameTrigger(tx, confirmed, 'pay_out') : undefined;
    if (!trigger) {
      await payouts.payOut(tx, confirmed);
      return;
    }
    // A trigger that still pays out (Fickle) takes the payout's lock before the payment's.
    if (trigger.moves.includes('pay_out')) await payouts.lockFunds(tx, confirmed);
  }
  const payment = await findPaymentById(tx, item.resource_id, { lock: true });
  const name = item.transition as PaymentMove;
  if (!payment || !(name in PAYMENT_MOVES) || !canMove(PAYMENT_MACHINE, payment.status, name)) return;
  // With the file bank the submission is the cut-off's file (bank-submissions/run.ts), not this move.
  const bank =
    name === 'submit' ? await bankKindFor(tx, ctx.environment, payment.creditor_id, payment.scheme) : 'simulated';
  if (bank === 'file') return;
  // A submission reads its mandate once, locked (after the payment, as bankMove would), and hands
  // it on: the clock's busiest move saves a round trip.
  let lockedMandate: MandateRow | undefined;
  if (name === 'submit' && payment.mandate_id) {
    lockedMandate = await findMandateById(tx, payment.mandate_id, { lock: true });
    if (!lockedMandate || !COLLECTABLE.includes(lockedMandate.status)) return;
  }
  const trigger =
    ctx.environment === 'sandbox' && !payment.subscription_id ? await sandboxNameTrigger(tx, payment, name) : undefined;
  if (!trigger) {
    await bankMove(tx, ctx, { ...payment, bank }, name, { followUps: true, lockedMandate });
    return;
  }
  await bankMoves(tx, ctx, payment, trigger.moves, trigger.report, payouts);
}

/**
 * A payout took this payment's collected funds: the payment is `paid_out` in it (`links.payout`).
 * Only a payment still `confirmed` moves; one that failed or was charged back since stays as it is,
 * its failure being an item of the same payout.
 */
export async function payOutInPayout(
  tx: Queryable,
  ctx: DomainContext,
  paymentId: string,
  payout: { id: string; fx_currency: string | null; estimated_exchange_rate: string | null },
): Promise<void> {
  const payoutId = payout.id;
  const payment = await findPaymentById(tx, paymentId, { lock: true });
  if (!payment || payment.status !== 'confirmed') return;
  const actor: Actor = { organisationId: payment.organisation_id, origin: 'gocardless', source: { type: 'gc_team' } };
  const moved = await applyMove(tx, ctx, PAYMENT_MACHINE, payment, 'pay_out', {
    actor,
    // An FX payout's currency and estimated rate are the payment's `fx` until the payout is paid.
    set: {
      payout_id: payoutId,
      fx_currency: payout.fx_currency,
      estimated_exchange_rate: payout.estimated_exchange_rate,
    },
    links: { payout: payoutId },
  });
  // The last instalment paid out completes its schedule, in the same transaction.
  if (moved.instalment_schedule_id) await completeInstalmentScheduleIfPaidOut(tx, ctx, moved.instalment_schedule_id);
}

/**
 * A scheme clock move that may make a payout, so takes a payment account's lock. That lock must
 * come before any payment's (lock order, see payouts/run.ts `lockFundsAccount`), so the clock
 * applies such a move only as the first of its transaction.
 */
export const takesFundsLock = (item: Pick<ScheduledTransition, 'resource_type' | 'transition'>): boolean =>
  item.resource_type === 'payments' && item.transition === 'pay_out';
