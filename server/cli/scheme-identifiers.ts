import type { Database } from '../db/db';
import type { Services } from '../container';

/**
 * `npm run cli -- scheme-identifiers activate <SU…>`: in live, the operator activates a creditor's
 * identifier once the scheme has registered it (the sandbox's scheme clock does it at once).
 */
export const SCHEME_IDENTIFIERS_HELP = `  scheme-identifiers activate <SU…>             a scheme registered the identifier: live mandates may use it`;

type Print = (human: string, data: unknown) => void;

export async function runSchemeIdentifiersCommand(
  action: string | undefined,
  id: string | undefined,
  services: Services,
  db: Database,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  if (action !== 'activate') throw usage(`unknown command: scheme-identifiers ${action ?? ''}`);
  if (!id) throw usage('the scheme identifier (SU…) is required');
  const row = await db.transaction((tx) => services.schemeIdentifiers.activate(tx, id));
  print(`Scheme identifier ${row.id} (${row.scheme} ${row.reference}) is ${row.status}.`, row);
  return 0;
}
