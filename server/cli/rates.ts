import type { Database } from '../db/db';
import type { Services } from '../container';

/**
 * `npm run cli -- rates …`: the operator sets the exchange rate of a currency pair (the sandbox
 * seeds every pair at its first start; live starts with none). Merchants read them
 * (`GET /currency_exchange_rates`).
 */
export const RATES_HELP = `  rates set --source <GBP…> --target <EUR…> --rate <decimal>
                                                 set a currency pair's exchange rate
  rates list [--source <GBP…>] [--target <EUR…>]`;

export interface RatesCommand {
  action: string | undefined;
  source: string | undefined;
  target: string | undefined;
  rate: string | undefined;
}

type Print = (human: string, data: unknown) => void;

export async function runRatesCommand(
  command: RatesCommand,
  services: Services,
  db: Database,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  const source = command.source?.toUpperCase();
  const target = command.target?.toUpperCase();
  if (command.action === 'list') {
    const page = await services.exchangeRates.list(db, { source, target }, { limit: 500 });
    print(
      page.items.map((r) => `${r.source} → ${r.target}  ${r.rate}  (${r.time.toISOString()})`).join('\n') ||
        'No rates.',
      page.items,
    );
    return 0;
  }
  if (command.action !== 'set') throw usage(`unknown command: rates ${command.action ?? ''}`);
  if (!source || !target || !command.rate) throw usage('--source, --target and --rate are required');
  const rate = command.rate;
  const row = await db.transaction((tx) => services.exchangeRates.set(tx, source, target, rate));
  print(`1 ${row.source} = ${row.rate} ${row.target}`, row);
  return 0;
}
