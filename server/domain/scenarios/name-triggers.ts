import type { PaymentMove } from '../payments/state';
import type { BankReport } from './bank-reports';

/**
 * The sandbox's name-triggered scenarios (schemes.md § 5): a payer whose given name is one of
 * these has their one-off payments (not subscription payments) take another path when the scheme
 * clock reaches the named move, on Bacs, SEPA and Autogiro. Any other name, `Successful`
 * included, collects normally. The last move replaces the clock's one and carries the bank's report.
 */
interface NameTrigger {
  /** The clock's move that takes the other path. */
  at: PaymentMove;
  moves: readonly PaymentMove[];
  report: BankReport;
}

export const NAME_TRIGGERS: Record<string, NameTrigger> = {
  // The payment fails for lack of funds instead of being confirmed.
  Penniless: { at: 'confirm', moves: ['fail'], report: 'insufficient_funds' },
  // Confirmed, then fails late instead of being paid out.
  Late: { at: 'pay_out', moves: ['fail'], report: 'insufficient_funds' },
  // Paid out, then charged back.
  Fickle: { at: 'pay_out', moves: ['pay_out', 'charge_back'], report: 'authorisation_disputed' },
};

export const NAME_TRIGGER_SCHEMES: readonly string[] = ['bacs', 'sepa_core', 'autogiro'];

export function nameTrigger(
  givenName: string | null | undefined,
  scheme: string,
  move: PaymentMove,
): NameTrigger | undefined {
  const trigger = givenName && Object.hasOwn(NAME_TRIGGERS, givenName) ? NAME_TRIGGERS[givenName] : undefined;
  return trigger && trigger.at === move && NAME_TRIGGER_SCHEMES.includes(scheme) ? trigger : undefined;
}
