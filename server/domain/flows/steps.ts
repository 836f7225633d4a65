import { findAction, isInstantPayment, type Action } from '../billing-requests/actions';
import type { ActionType, BillingRequestRow } from '../billing-requests/types';
import type { BillingRequestView } from '../billing-requests/view';
import type { FlowRow } from './types';

/**
 * The payer's steps of the hosted flow, as one table: each row is a page, the billing request
 * action it completes, which requests meet it, and from which later steps its answer may be
 * changed. The order of the rows is the order a payer meets the steps; everything else (the step
 * a payer belongs on, which pages they may open, "Step n of m", Back and "Change") is read from it.
 */
export interface StepRow<Step extends string = string> {
  readonly step: Step;
  /** The action the step completes: the payer belongs on the step while it is pending. */
  readonly action: ActionType;
  /** Whether this request's payer meets the step (and counts it in "Step n of m"). */
  readonly appliesTo: (facts: StepFacts) => boolean;
  /** The later steps the payer may come back from to change the answer (Back, "Change"). */
  readonly editableFrom: readonly Step[];
  /** The flow's setting that locks the answer: never changed then. */
  readonly lockedBy?: 'lock_customer_details' | 'lock_bank_account';
  /** Optional, offered once: done as soon as the payer continues, whatever they chose. */
  readonly offeredOnce?: boolean;
  /**
   * The payer may answer before the action can complete (it needs what a later step gives: the
   * account the bank shares). The flow keeps the answer (`payer_confirmed_at`) until then.
   */
  readonly keptOnFlow?: boolean;
}

/** What a step's rule reads. */
export interface StepFacts {
  view: BillingRequestView;
  flow: FlowRow;
  action: (type: ActionType) => Action | undefined;
}

/** Refuses a table whose "editable from" names a step that is not after the row. */
export function defineSteps<const Step extends string>(rows: readonly StepRow<Step>[]): readonly StepRow<Step>[] {
  rows.forEach((row, index) => {
    for (const from of row.editableFrom) {
      if (!rows.slice(index + 1).some((later) => later.step === from))
        throw new Error(`payer step ${row.step}: editable from ${from}, which is not a later step`);
    }
  });
  return rows;
}

const required = (type: ActionType) => (facts: StepFacts) => Boolean(facts.action(type)?.required);

/**
 * Whether the payer has a real choice of currency: not when the merchant locked it, nor when the
 * mandate names its scheme (each scheme debits in one currency: a Bacs mandate is in GBP).
 */
const offersCurrency = ({ view, flow }: StepFacts): boolean =>
  !flow.lock_currency && !view.request.mandate_request?.scheme;

/** The payer's bank gives the account at the authorisation, so the payer is not asked for it. */
function accountFromBank({ action }: StepFacts): boolean {
  const bankAuth = action('bank_authorisation');
  return Boolean(bankAuth?.required && bankAuth.completes_actions.includes('collect_bank_account'));
}

/**
 * currency → details → bank (institution) → account → confirm → authorise (at the bank). The payer
 * commits last: what they agree to is confirmed before the bank authorisation that moves money or
 * sets up the mandate, and nothing after it offers to undo it (issue #38, decision 0078). Every
 * answer can be changed from every later step (Back, "Change"), unless the merchant locked it.
 */
export const PAYER_STEP_TABLE = defineSteps([
  {
    step: 'currency',
    action: 'choose_currency',
    appliesTo: (facts) => Boolean(facts.action('choose_currency')) && offersCurrency(facts),
    editableFrom: ['details', 'bank', 'account', 'confirm', 'authorise'],
    offeredOnce: true,
  },
  {
    step: 'details',
    action: 'collect_customer_details',
    appliesTo: () => true,
    editableFrom: ['bank', 'account', 'confirm', 'authorise'],
    lockedBy: 'lock_customer_details',
  },
  {
    step: 'bank',
    action: 'select_institution',
    appliesTo: required('select_institution'),
    editableFrom: ['account', 'confirm', 'authorise'],
  },
  {
    step: 'account',
    action: 'collect_bank_account',
    appliesTo: (facts) => Boolean(facts.action('collect_bank_account')) && !accountFromBank(facts),
    editableFrom: ['confirm', 'authorise'],
    lockedBy: 'lock_bank_account',
  },
  {
    step: 'confirm',
    action: 'confirm_payer_details',
    appliesTo: required('confirm_payer_details'),
    editableFrom: ['authorise'],
    keptOnFlow: true,
  },
  { step: 'authorise', action: 'bank_authorisation', appliesTo: required('bank_authorisation'), editableFrom: [] },
]);

export type PayerStep = (typeof PAYER_STEP_TABLE)[number]['step'];

/** The three ways a flow ends without success; they share one page. */
export const CLOSED_STEPS = ['failed', 'expired', 'cancelled'] as const;
export type ClosedStep = (typeof CLOSED_STEPS)[number];

/** A page of the hosted flow a payer can belong on: one of the steps, or how the flow ended. */
export type FlowStep = PayerStep | 'success' | ClosedStep;

export const isPayerStep = (step: FlowStep): step is PayerStep => PAYER_STEP_TABLE.some((row) => row.step === step);
export const isClosedStep = (step: FlowStep): step is ClosedStep => (CLOSED_STEPS as readonly string[]).includes(step);

const factsOf = (view: BillingRequestView, flow: FlowRow): StepFacts => ({
  view,
  flow,
  action: (type) => findAction(view.actions, type),
});

export interface StepInput {
  flow: FlowRow;
  view: BillingRequestView;
  now: Date;
  /** The payer has seen the currency choice and continued. */
  currencySeen: boolean;
}

/**
 * Whether the action still needs something, all of it given by a later step of this payer's that
 * is still to come (the account, by the bank authorisation): the payer may answer before it arrives.
 */
function givenLater(action: Action, index: number, facts: StepFacts): boolean {
  const missing = action.requires_actions.filter((type) => facts.action(type)?.status === 'pending');
  return (
    missing.length > 0 &&
    missing.every((type) =>
      PAYER_STEP_TABLE.slice(index + 1).some((later) => {
        const laterAction = facts.action(later.action);
        return (
          later.appliesTo(facts) && laterAction?.status === 'pending' && laterAction.completes_actions.includes(type)
        );
      }),
    )
  );
}

/**
 * Whether the payer's answer to `step` can be taken by the billing request now, or must be kept
 * on the flow until a later step gives what it needs (decision 0078).
 */
export function answerKeptOnFlow(step: PayerStep, view: BillingRequestView, flow: FlowRow): boolean {
  const index = PAYER_STEP_TABLE.findIndex((row) => row.step === step);
  const row = PAYER_STEP_TABLE[index];
  const facts = factsOf(view, flow);
  const action = row && facts.action(row.action);
  return Boolean(row?.keptOnFlow && action && givenLater(action, index, facts));
}

/**
 * The page a payer belongs on: the first of their steps still to do. A step is to do while its
 * action is pending and every action it needs is done (the confirmation waits for the account).
 * When none of the payer's steps is left but the request still needs one they were spared (the
 * bank answered without the account it was to give), they are asked for it there.
 */
export function currentStep({ flow, view, now, currencySeen }: StepInput): FlowStep {
  const status = view.request.status;
  if (status === 'fulfilled' || status === 'fulfilling') return 'success';
  if (status === 'cancelled') return 'cancelled';
  if (flow.expires_at.getTime() <= now.getTime()) return 'expired';

  const facts = factsOf(view, flow);
  const toDo = PAYER_STEP_TABLE.filter((row, index) => {
    const action = facts.action(row.action);
    if (action?.status !== 'pending' || (row.offeredOnce && currencySeen)) return false;
    if (row.keptOnFlow && flow.payer_confirmed_at && givenLater(action, index, facts)) return false;
    return action.requires_actions.every(
      (type) => facts.action(type)?.status !== 'pending' || (row.keptOnFlow && givenLater(action, index, facts)),
    );
  });
  const next = toDo.find((row) => row.appliesTo(facts)) ?? toDo.find((row) => facts.action(row.action)?.required);
  // Every required action is done but the request is not fulfilled: fulfilment was refused.
  return next?.step ?? 'failed';
}

/**
 * Whether a payer may look at `step` now: the step they belong on, or an earlier one whose answer
 * they may change from there (what the browser's Back button and "Change" links lead to).
 */
export function canVisit(step: FlowStep, current: FlowStep, flow: FlowRow): boolean {
  if (step === current) return true;
  const row = PAYER_STEP_TABLE.find((candidate) => candidate.step === step);
  if (!row || !(row.editableFrom as readonly FlowStep[]).includes(current)) return false;
  return !(row.lockedBy && flow[row.lockedBy]);
}

/** The payer's steps for this request, in order. */
export const stepsFor = (view: BillingRequestView, flow: FlowRow): PayerStep[] => {
  const facts = factsOf(view, flow);
  return PAYER_STEP_TABLE.filter((row) => row.appliesTo(facts)).map((row) => row.step);
};

/**
 * What a page shows of the way through: "Step n of m" for `shown`, and Back to the step before
 * it when the payer, belonging on `current`, may change that one (their answers are shown again).
 */
export function stepNavigation(
  view: BillingRequestView,
  flow: FlowRow,
  { shown, current }: { shown: FlowStep; current: FlowStep },
): { progress?: { current: number; total: number }; back?: PayerStep } {
  const steps = stepsFor(view, flow);
  const index = (steps as FlowStep[]).indexOf(shown);
  if (index < 0) return {};
  const previous = steps[index - 1];
  return {
    progress: { current: index + 1, total: steps.length },
    back: previous && canVisit(previous, current, flow) ? previous : undefined,
  };
}

/**
 * Whether a payer who cannot pay at their bank may pay by Direct Debit instead: an instant bank
 * payment whose merchant enabled the fallback (the same rule `fallback` refuses by).
 */
export const fallbackOffered = (request: BillingRequestRow): boolean =>
  request.fallback_enabled && isInstantPayment(request);
