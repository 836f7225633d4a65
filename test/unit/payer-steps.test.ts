import { describe, expect, it } from 'vitest';
import { computeActions } from '../../server/domain/billing-requests/actions';
import type { BillingRequestRow, BillingRequestStatus } from '../../server/domain/billing-requests/types';
import type { BillingRequestView } from '../../server/domain/billing-requests/view';
import {
  canVisit,
  currentStep,
  defineSteps,
  stepNavigation,
  stepsFor,
  type FlowStep,
  type PayerStep,
} from '../../server/domain/flows/steps';
import type { FlowRow } from '../../server/domain/flows/types';

/**
 * The payer flow's step table, with no database: for each kind of request, the journey written
 * out from the hosted flow's spec (decision 0020, 0068), then every combination of its steps done
 * or not, each checked for the step the payer is on, "Step n of m" and where Back leads.
 */
type Kind = Pick<BillingRequestRow, 'mandate_request' | 'payment_request' | 'subscription_request'> &
  Partial<Pick<BillingRequestRow, 'fallback_occurred'>>;

const mandate = (currency: string, scheme?: string, verify = 'minimum') =>
  ({ id: 'MRQ1', currency, ...(scheme ? { scheme } : {}), verify, metadata: {} }) as Kind['mandate_request'];
const payment = (currency: string) =>
  ({ id: 'PRQ1', amount: 2500, currency, metadata: {} }) as unknown as Kind['payment_request'];

const KINDS: { name: string; kind: Kind; journey: PayerStep[] }[] = [
  {
    name: 'a Bacs mandate',
    kind: { mandate_request: mandate('GBP', 'bacs'), payment_request: null, subscription_request: null },
    journey: ['details', 'account', 'confirm'],
  },
  {
    name: 'a mandate whose currency the payer may choose',
    kind: { mandate_request: mandate('EUR'), payment_request: null, subscription_request: null },
    journey: ['currency', 'details', 'account', 'confirm'],
  },
  {
    name: 'a mandate verified at the bank (verify=always)',
    kind: { mandate_request: mandate('GBP', 'bacs', 'always'), payment_request: null, subscription_request: null },
    journey: ['details', 'bank', 'confirm', 'authorise'],
  },
  {
    name: 'a mandate offered a verification (verify=when_available)',
    kind: {
      mandate_request: mandate('GBP', undefined, 'when_available'),
      payment_request: null,
      subscription_request: null,
    },
    journey: ['currency', 'details', 'account', 'confirm'],
  },
  {
    name: 'an ACH subscription',
    kind: { mandate_request: mandate('USD', 'ach'), payment_request: null, subscription_request: {} as never },
    journey: ['details', 'account', 'confirm'],
  },
  {
    name: 'an instant payment',
    kind: { mandate_request: null, payment_request: payment('GBP'), subscription_request: null },
    journey: ['details', 'bank', 'authorise'],
  },
  {
    name: 'an instant payment fallen back to Direct Debit',
    kind: {
      mandate_request: null,
      payment_request: payment('GBP'),
      subscription_request: null,
      fallback_occurred: true,
    },
    journey: ['details', 'account', 'confirm'],
  },
  {
    name: 'a mandate with an instant payment',
    kind: { mandate_request: mandate('GBP', 'bacs'), payment_request: payment('GBP'), subscription_request: null },
    journey: ['details', 'bank', 'confirm', 'authorise'],
  },
  {
    name: 'a VRP mandate',
    kind: { mandate_request: mandate('GBP', 'faster_payments'), payment_request: null, subscription_request: null },
    journey: ['details', 'bank', 'confirm', 'authorise'],
  },
  {
    name: 'a PayTo agreement',
    kind: { mandate_request: mandate('AUD', 'pay_to'), payment_request: null, subscription_request: null },
    journey: ['details', 'account', 'authorise'],
  },
];

/** What the payer (or the bank) has done so far, as facts of the request. */
interface Done {
  currencySeen: boolean;
  customer: boolean;
  institution: boolean;
  account: boolean;
  authorised: boolean;
  confirmed: boolean;
}
const NOTHING: Done = {
  currencySeen: false,
  customer: false,
  institution: false,
  account: false,
  authorised: false,
  confirmed: false,
};

type Locks = Partial<Pick<FlowRow, 'lock_currency' | 'lock_customer_details' | 'lock_bank_account'>>;

function situation(kind: Kind, done: Done, options: { status?: BillingRequestStatus; locks?: Locks } = {}) {
  const request = {
    status: options.status ?? 'pending',
    instalment_schedule_request: null,
    fallback_enabled: true,
    fallback_occurred: false,
    ...kind,
    completed_actions: [
      ...(done.authorised ? ['bank_authorisation'] : []),
      // Confirmed before the bank gave the account: the flow keeps it until the bank answers.
      ...(done.confirmed && done.account ? ['confirm_payer_details'] : []),
    ],
    institution: done.institution ? { id: 'INS1', country_code: 'GB' } : null,
  } as unknown as BillingRequestRow;
  const customer = done.customer ? { email: 'p@example.com', given_name: 'Pat', family_name: 'Payer' } : {};
  const billing = done.customer
    ? { address_line1: '1 Street', city: 'Town', region: 'NY', postal_code: '10001', country_code: 'GB' }
    : {};
  const bankAccount = done.account ? { currency: kind.mandate_request?.currency ?? 'GBP' } : null;
  const view = {
    request,
    actions: computeActions({ request, customer, billing: { ...billing, ip_address: '192.0.2.1' }, bankAccount }),
    bankAccount,
  } as unknown as BillingRequestView;
  const flow = {
    lock_currency: false,
    lock_customer_details: false,
    lock_bank_account: false,
    ...options.locks,
    expires_at: new Date('2030-01-01T00:00:00Z'),
    payer_confirmed_at: done.confirmed && !done.account ? new Date('2026-01-01T00:00:00Z') : null,
  } as FlowRow;
  return { view, flow, input: { view, flow, now: new Date('2026-01-01T00:00:00Z'), currencySeen: done.currencySeen } };
}

/** The payer does a step: what it changes (at the bank, the account too when the bank gives it). */
function doStep(kind: Kind, done: Done, step: PayerStep): Done {
  const bankGivesAccount = kind.mandate_request?.scheme !== 'pay_to' && kind.mandate_request !== null;
  switch (step) {
    case 'currency':
      return { ...done, currencySeen: true };
    case 'details':
      return { ...done, customer: true };
    case 'bank':
      return { ...done, institution: true };
    case 'account':
      return { ...done, account: true };
    case 'authorise':
      return { ...done, authorised: true, account: done.account || (bankGivesAccount && !isAsked(kind, 'account')) };
    case 'confirm':
      return { ...done, confirmed: true };
  }
}

const isAsked = (kind: Kind, step: PayerStep) => KINDS.find((k) => k.kind === kind)!.journey.includes(step);

/** Whether a step's answer is in: the currency question is over once seen, or once an account (in its currency) is known. */
const isDone = (done: Done, step: PayerStep): boolean =>
  ({
    currency: done.currencySeen || done.account,
    details: done.customer,
    bank: done.institution,
    account: done.account,
    authorise: done.authorised,
    confirm: done.confirmed,
  })[step];

/** Where Back leads from `step`: the question before it, unless the merchant locked that answer (issue #38.4). */
function expectedBack(journey: PayerStep[], step: PayerStep, locks: Locks = {}): PayerStep | undefined {
  const previous = journey[journey.indexOf(step) - 1];
  if (previous === 'details' && locks.lock_customer_details) return undefined;
  if (previous === 'account' && locks.lock_bank_account) return undefined;
  return previous;
}

const subsets = <T>(items: readonly T[]): T[][] =>
  items.reduce<T[][]>((all, item) => all.concat(all.map((some) => [...some, item])), [[]]);

describe.each(KINDS)('$name', ({ kind, journey }) => {
  it('walks its steps in order, each counted and with Back to the one before where it may change', () => {
    let done = NOTHING;
    for (const [index, step] of journey.entries()) {
      const { view, flow, input } = situation(kind, done);
      expect(stepsFor(view, flow)).toEqual(journey);
      expect(currentStep(input)).toBe(step);
      expect(stepNavigation(view, flow, { shown: step, current: step })).toEqual({
        progress: { current: index + 1, total: journey.length },
        back: expectedBack(journey, step),
      });
      done = doStep(kind, done, step);
    }
    // Every step done, and the request not fulfilled: the fulfilment was refused.
    expect(currentStep(situation(kind, done).input)).toBe('failed');
    expect(currentStep(situation(kind, done, { status: 'fulfilled' }).input)).toBe('success');
  });

  // Reachable only in order where one action needs another: the bank needs the institution.
  const reachable = (steps: PayerStep[]) =>
    !steps.includes('authorise') || !journey.includes('bank') || steps.includes('bank');

  it.each(subsets(journey).filter(reachable))('with %j done, the payer is on the first step not done', (...steps) => {
    const done = (steps as PayerStep[]).reduce((facts, step) => doStep(kind, facts, step), NOTHING);
    const expected = journey.find((step) => !isDone(done, step)) ?? 'failed';
    for (const status of ['pending', 'ready_to_fulfil'] as const)
      expect(currentStep(situation(kind, done, { status }).input)).toBe(expected);
    expect(currentStep(situation(kind, done, { status: 'fulfilling' }).input)).toBe('success');
    expect(currentStep(situation(kind, done, { status: 'cancelled' }).input)).toBe('cancelled');
    const { input } = situation(kind, done);
    expect(currentStep({ ...input, now: new Date('2031-01-01T00:00:00Z') })).toBe('expired');
  });

  it.each([
    { lock_customer_details: true },
    { lock_bank_account: true },
    { lock_customer_details: true, lock_bank_account: true },
  ])('with %o, Back never leads to a locked answer', (locks) => {
    for (const step of journey) {
      const { view, flow } = situation(kind, NOTHING, { locks });
      expect(stepNavigation(view, flow, { shown: step, current: step }).back).toBe(expectedBack(journey, step, locks));
    }
  });
});

describe('the step table', () => {
  const ORDER: FlowStep[] = ['currency', 'details', 'bank', 'account', 'confirm', 'authorise'];
  const ALL: FlowStep[] = [...ORDER, 'success', 'failed'];

  it.each([{}, { lock_customer_details: true }, { lock_bank_account: true }] as Locks[])(
    'lets a payer open their own step, or change any earlier answer the merchant did not lock — %o',
    (locks) => {
      const flow = { lock_customer_details: false, lock_bank_account: false, ...locks } as FlowRow;
      for (const step of ALL)
        for (const current of ALL) {
          const locked =
            (step === 'details' && locks.lock_customer_details) || (step === 'account' && locks.lock_bank_account);
          const earlier =
            ORDER.includes(step) && ORDER.includes(current) && ORDER.indexOf(step) < ORDER.indexOf(current);
          expect(canVisit(step, current, flow), `${step} from ${current}`).toBe(
            step === current || (earlier && !locked),
          );
        }
    },
  );

  it('offers the currency question only when the payer has a choice', () => {
    const kind = KINDS[1]!.kind;
    const locked = situation(kind, NOTHING, { locks: { lock_currency: true } });
    expect(stepsFor(locked.view, locked.flow)).toEqual(['details', 'account', 'confirm']);
    expect(currentStep(locked.input)).toBe('details');
  });

  it('asks for the account when the bank answered without the one it was to give, unnumbered and without Back', () => {
    const kind = KINDS[2]!.kind;
    const done = { ...NOTHING, customer: true, institution: true, authorised: true };
    const { view, flow, input } = situation(kind, done);
    expect(currentStep(input)).toBe('account');
    expect(stepNavigation(view, flow, { shown: 'account', current: 'account' })).toEqual({});
  });

  it('refuses a row changed from a step that does not come after it', () => {
    const row = { action: 'collect_customer_details', appliesTo: () => true } as const;
    expect(() =>
      defineSteps([
        { ...row, step: 'a', editableFrom: [] },
        { ...row, step: 'b', editableFrom: ['a'] },
      ]),
    ).toThrow(/b: editable from a/);
  });
});
