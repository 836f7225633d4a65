import type { Database } from '../db/db';
import type { Services } from '../container';

/**
 * `npm run cli -- sandbox-funds set …`: the funds the sandbox's simulated bank says a customer
 * bank account holds, so a funds availability check can be tested either way. Sandbox only.
 */
export const SANDBOX_FUNDS_HELP = `  sandbox-funds set --bank-account <BA…> --amount <minor units>
                                                 sandbox: funds the simulated bank reports for an account`;

type Print = (human: string, data: unknown) => void;

export async function runSandboxFundsCommand(
  command: { action: string | undefined; bankAccount: string | undefined; amount: string | undefined },
  services: Services,
  db: Database,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  if (command.action !== 'set') throw usage(`unknown command: sandbox-funds ${command.action ?? ''}`);
  if (!command.bankAccount) throw usage('--bank-account is required');
  if (!command.amount || !/^\d{1,15}$/.test(command.amount))
    throw usage('--amount must be a whole number of minor units');
  const { bankAccount } = command;
  const amount = Number(command.amount);
  const row = await db.transaction((tx) => services.fundsAvailability.setSimulatedFunds(tx, bankAccount, amount));
  print(`Account ${row.customer_bank_account_id} holds ${row.available_amount} (minor units).`, row);
  return 0;
}
