import type { Database } from '../db/db';
import type { Services } from '../container';
import { CURRENCIES, type Currency } from '../domain/shared/money';

/**
 * `npm run cli -- limits …`: the operator sets how far below zero refunds may take a creditor's
 * confirmed funds in a currency (the spec: default 0, changed per creditor). Merchants only read
 * them (`GET /negative_balance_limits`).
 */
export const LIMITS_HELP = `  limits set --creditor <CR…> --currency <GBP…> --limit <minor units>
                                                 set a creditor's negative balance limit (0 = none)
  limits outbound-approval --creditor <CR…> [--revoke]
                                                 outbound payments need a second access token's approval
                                                 (--revoke: no longer)
  limits fx-payout-currency --creditor <CR…> --currency <EUR…>|none
                                                 pay collections in a currency the creditor has no payout
                                                 account in to its account in this one, converted`;

export interface LimitsCommand {
  action: string | undefined;
  creditor: string | undefined;
  currency: string | undefined;
  limit: string | undefined;
  revoke?: boolean;
}

type Print = (human: string, data: unknown) => void;

export async function runLimitsCommand(
  command: LimitsCommand,
  services: Services,
  db: Database,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  if (command.action === 'outbound-approval') {
    if (!command.creditor) throw usage('--creditor is required');
    const creditorId = command.creditor;
    const required = !command.revoke;
    const row = await db.transaction((tx) => services.outboundPayments.setApprovalRequired(tx, creditorId, required));
    const human = required ? 'now need a second approver' : 'no longer need a second approver';
    print(`Outbound payments of creditor ${row.id} ${human}.`, {
      creditor_id: row.id,
      outbound_payments_require_approval: row.outbound_payments_require_approval,
    });
    return 0;
  }
  if (command.action === 'fx-payout-currency') {
    if (!command.creditor) throw usage('--creditor is required');
    const creditorId = command.creditor;
    const currency = command.currency?.toUpperCase();
    if (!currency || (currency !== 'NONE' && !(CURRENCIES as readonly string[]).includes(currency)))
      throw usage(`--currency must be one of ${CURRENCIES.join(', ')} or none`);
    const fx = currency === 'NONE' ? null : currency;
    const row = await db.transaction((tx) => services.creditors.setFxPayoutCurrency(tx, creditorId, fx));
    const human = fx ? `paid in ${fx} where it has no payout account` : 'paid only in the collected currency';
    print(`Creditor ${row.id} is now ${human}.`, { creditor_id: row.id, fx_payout_currency: row.fx_payout_currency });
    return 0;
  }
  if (command.action !== 'set') throw usage(`unknown command: limits ${command.action ?? ''}`);
  if (!command.creditor) throw usage('--creditor is required');
  const currency = command.currency?.toUpperCase();
  if (!currency || !(CURRENCIES as readonly string[]).includes(currency))
    throw usage(`--currency must be one of ${CURRENCIES.join(', ')}`);
  if (!command.limit || !/^\d{1,15}$/.test(command.limit)) throw usage('--limit must be a whole number of minor units');
  const creditor = command.creditor;
  const limit = Number(command.limit);
  const row = await db.transaction((tx) =>
    services.negativeBalanceLimits.set(tx, creditor, currency as Currency, limit),
  );
  print(`Creditor ${row.creditor_id} may go ${row.balance_limit} ${row.currency} (minor units) below zero.`, row);
  return 0;
}
