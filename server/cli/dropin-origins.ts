import type { Services } from '../container';
import type { Database } from '../db/db';
import { normaliseOrigin } from '../domain/dropin-origins/service';

/**
 * `npm run cli -- dropin-origins …`: the web origins allowed to frame an organisation's payer flow
 * as a drop-in (docs/dropin.md). Live flows refuse every other origin; the sandbox also allows any
 * https origin and localhost.
 */
export const DROPIN_ORIGINS_HELP = `  dropin-origins add|remove --organisation <OR…> <https://shop.example>
                                                 let (or stop) a merchant site frame the drop-in
  dropin-origins list --organisation <OR…>`;

export interface DropinOriginsCommand {
  action: string | undefined;
  organisation: string | undefined;
  origin: string | undefined;
}

type Print = (human: string, data: unknown) => void;

export async function runDropinOriginsCommand(
  command: DropinOriginsCommand,
  services: Services,
  db: Database,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  const { action, organisation } = command;
  if (!organisation) throw usage('--organisation is required');
  if (action === 'list') {
    const rows = await services.dropinOrigins.list(db, organisation);
    print(rows.map((row) => row.origin).join('\n') || 'No drop-in origins.', rows);
    return 0;
  }
  if (action !== 'add' && action !== 'remove') throw usage(`unknown command: dropin-origins ${action ?? ''}`);
  const origin = normaliseOrigin(command.origin);
  if (!origin) throw usage('give an origin such as https://shop.example (https, or http on localhost; no path)');
  if (action === 'add') {
    const row = await db.transaction((tx) => services.dropinOrigins.add(tx, organisation, origin));
    print(`${row.origin} may frame the drop-in of ${row.organisation_id}.`, row);
    return 0;
  }
  const removed = await db.transaction((tx) => services.dropinOrigins.remove(tx, organisation, origin));
  print(removed ? `${origin} removed.` : `${origin} was not registered.`, {
    organisation_id: organisation,
    origin,
    removed,
  });
  return 0;
}
