import type { MandateMove, MandateStatus } from '../mandates/state';
import type { PaymentMove, PaymentStatus } from '../payments/state';
import type { RefundMove, RefundStatus } from '../refunds/state';
import type { Scheme } from '../schemes/types';
import type { BankReport } from './bank-reports';

/**
 * The sandbox's scenario simulators (reference § 5), as data: which resource each runs on, the
 * states it may start from, the schemes it applies to, and the bank's moves it walks through.
 * A run starts at the first move the resource's current state allows and applies the rest in
 * order; the last move carries the bank's report (`report`), which gives its event the cause,
 * description and reason code a real bank would.
 *
 * Not simulated, because nothing here can reach their starting state yet: the customer approval
 * pair (our mandates never wait for customer approval) and the transfer with resubmission.
 */
interface PaymentSimulator {
  resource: 'payments';
  from: readonly PaymentStatus[];
  moves: readonly PaymentMove[];
  report?: BankReport;
  exceptSchemes?: readonly Scheme[];
}

interface MandateSimulator {
  resource: 'mandates';
  from: readonly MandateStatus[];
  moves: readonly MandateMove[];
  report?: BankReport;
  onlySchemes?: readonly Scheme[];
  exceptSchemes?: readonly Scheme[];
}

/**
 * Billing requests (reference § 5): a pending request with a payment request and every action done
 * but the bank authorisation is authorised at the bank and fulfilled, then its payment walks `moves`.
 */
interface BillingRequestSimulator {
  resource: 'billing_requests';
  moves: readonly PaymentMove[];
  report?: BankReport;
}

/** Refunds (reference § 5): the payer's bank's moves on a refund. */
interface RefundSimulator {
  resource: 'refunds';
  from: readonly RefundStatus[];
  moves: readonly RefundMove[];
}

/** Payouts (reference § 5): the creditor's bank sends a payout back. */
interface PayoutSimulator {
  resource: 'payouts';
  from: readonly string[];
}

/** A Bacs payer's bank moves the mandate to another of the payer's accounts (account switching). */
interface TransferSimulator {
  resource: 'mandate_transfers';
  from: readonly MandateStatus[];
  onlySchemes: readonly Scheme[];
}

/** Creditors (reference § 5, any state): the verification review's outcome. */
interface CreditorSimulator {
  resource: 'creditors';
  verificationStatus: 'successful' | 'in_review' | 'action_required';
}

export type Simulator =
  | PaymentSimulator
  | MandateSimulator
  | BillingRequestSimulator
  | RefundSimulator
  | PayoutSimulator
  | CreditorSimulator
  | TransferSimulator;

const payment = (s: Omit<PaymentSimulator, 'resource'>): PaymentSimulator => ({ resource: 'payments', ...s });
const mandate = (s: Omit<MandateSimulator, 'resource'>): MandateSimulator => ({ resource: 'mandates', ...s });
const refund = (s: Omit<RefundSimulator, 'resource'>): RefundSimulator => ({ resource: 'refunds', ...s });
const billingRequest = (s: Omit<BillingRequestSimulator, 'resource'>): BillingRequestSimulator => ({
  resource: 'billing_requests',
  ...s,
});

export const SCENARIO_SIMULATORS = {
  payment_submitted: payment({ from: ['pending_submission'], moves: ['submit'] }),
  payment_confirmed: payment({ from: ['pending_submission'], moves: ['submit', 'confirm'] }),
  payment_paid_out: payment({ from: ['pending_submission'], moves: ['submit', 'confirm', 'pay_out'] }),
  payment_failed: payment({ from: ['pending_submission'], moves: ['submit', 'fail'], report: 'insufficient_funds' }),
  payment_charged_back: payment({
    from: ['pending_submission'],
    moves: ['submit', 'confirm', 'pay_out', 'charge_back'],
    report: 'authorisation_disputed',
  }),
  payment_late_failure: payment({
    from: ['pending_submission', 'paid_out'],
    moves: ['submit', 'confirm', 'pay_out', 'fail'],
    report: 'insufficient_funds',
    exceptSchemes: ['autogiro'],
  }),
  // Charged back, then the chargeback settled: its debit leaves with the next payout.
  payment_chargeback_settled: payment({
    from: ['pending_submission'],
    moves: ['submit', 'confirm', 'pay_out', 'charge_back', 'settle_chargeback'],
  }),
  payment_late_failure_settled: payment({
    from: ['pending_submission', 'paid_out'],
    moves: ['submit', 'confirm', 'pay_out', 'fail', 'settle_late_failure'],
    exceptSchemes: ['autogiro'],
  }),
  mandate_submitted: mandate({
    from: ['pending_submission'],
    moves: ['submit'],
    onlySchemes: ['bacs', 'autogiro', 'betalingsservice'],
  }),
  mandate_activated: mandate({
    from: ['pending_submission', 'submitted'],
    moves: ['submit', 'activate'],
    // These activate with their first payment, not on their own.
    exceptSchemes: ['ach', 'becs', 'becs_nz', 'sepa_core'],
  }),
  mandate_failed: mandate({
    from: ['pending_submission', 'submitted'],
    moves: ['fail'],
    report: 'invalid_bank_details',
    exceptSchemes: ['sepa_core'],
  }),
  mandate_expired: mandate({
    from: ['pending_submission'],
    moves: ['expire'],
    report: 'mandate_expired',
    exceptSchemes: ['autogiro', 'becs_nz', 'pad'],
  }),
  mandate_suspended_by_payer: mandate({
    from: ['active'],
    moves: ['suspend_by_payer'],
    report: 'suspended_by_payer',
    onlySchemes: ['pay_to'],
  }),
  refund_paid: refund({ from: ['pending_submission', 'submitted'], moves: ['submit', 'pay'] }),
  // Paid, then taken into a payout: the payout's items already count it (the ledger's `refund` item).
  refund_settled: refund({ from: ['pending_submission', 'submitted', 'paid'], moves: ['submit', 'pay', 'settle'] }),
  refund_bounced: refund({ from: ['pending_submission', 'submitted', 'paid'], moves: ['bounce'] }),
  // Paid to the payer, whose bank sends the funds back.
  refund_returned: refund({ from: ['pending_submission'], moves: ['submit', 'pay', 'return_funds'] }),
  billing_request_fulfilled: billingRequest({ moves: [] }),
  billing_request_fulfilled_and_payment_failed: billingRequest({
    moves: ['submit', 'fail'],
    report: 'insufficient_funds',
  }),
  billing_request_fulfilled_and_payment_confirmed_to_failed: billingRequest({
    moves: ['submit', 'confirm', 'fail'],
    report: 'insufficient_funds',
  }),
  billing_request_fulfilled_and_payment_paid_out: billingRequest({ moves: ['submit', 'confirm', 'pay_out'] }),
  payout_bounced: { resource: 'payouts', from: ['pending', 'paid'] },
  // The reference starts it from pending_submission; a live mandate can be switched too.
  mandate_transferred: {
    resource: 'mandate_transfers',
    from: ['pending_submission', 'submitted', 'active'],
    onlySchemes: ['bacs'],
  },
  creditor_verification_status_action_required: { resource: 'creditors', verificationStatus: 'action_required' },
  creditor_verification_status_in_review: { resource: 'creditors', verificationStatus: 'in_review' },
  creditor_verification_status_successful: { resource: 'creditors', verificationStatus: 'successful' },
} satisfies Record<string, Simulator>;

export type SimulatorId = keyof typeof SCENARIO_SIMULATORS;

export const isSimulatorId = (id: string): id is SimulatorId => Object.hasOwn(SCENARIO_SIMULATORS, id);

/** Whether the simulator applies to a resource of this scheme in this state. */
export function applies(simulator: PaymentSimulator | MandateSimulator, scheme: string, status: string): boolean {
  if (
    'onlySchemes' in simulator &&
    simulator.onlySchemes &&
    !(simulator.onlySchemes as readonly string[]).includes(scheme)
  )
    return false;
  if (simulator.exceptSchemes && (simulator.exceptSchemes as readonly string[]).includes(scheme)) return false;
  return (simulator.from as readonly string[]).includes(status);
}

/** The moves left to walk from `status`: from the first one the state table allows from there. */
export function movesFrom<M extends string>(
  moves: readonly M[],
  table: Record<M, { from: readonly string[] }>,
  status: string,
): M[] {
  const start = moves.findIndex((move) => table[move].from.includes(status));
  return start < 0 ? [] : moves.slice(start);
}
