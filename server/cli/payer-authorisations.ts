import type { Services } from '../container';

/**
 * `npm run cli -- payer-authorisations …`: payer authorisations are deprecated and closed to every
 * organisation (they answer 403 feature_disabled); the operator opens them for an organisation
 * that still relies on them, and can close them again.
 */
export const PAYER_AUTHORISATIONS_HELP = `  payer-authorisations open <OR…>               let the organisation use payer authorisations (deprecated)
  payer-authorisations close <OR…>              close them again (403 feature_disabled)
  payer-authorisations status <OR…>`;

type Print = (human: string, data: unknown) => void;

export async function runPayerAuthorisationsCommand(
  action: string | undefined,
  organisationId: string | undefined,
  services: Services,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  if (!organisationId) throw usage('an organisation id is required');
  const { db, payerAuthorisations } = services;
  // The organisation must exist: a typo must not silently open nothing.
  const known = (await services.access.listOrganisations(db)).some((o) => o.id === organisationId);
  if (!known) throw usage(`no organisation ${organisationId}`);
  switch (action) {
    case 'open':
      await db.transaction((tx) => payerAuthorisations.access.open(tx, organisationId));
      break;
    case 'close':
      await db.transaction((tx) => payerAuthorisations.access.close(tx, organisationId));
      break;
    case 'status':
      break;
    default:
      throw usage(`unknown command: payer-authorisations ${action ?? ''}`);
  }
  const open = await payerAuthorisations.access.isOpen(db, organisationId);
  print(`Payer authorisations are ${open ? 'open' : 'closed'} for ${organisationId}.`, {
    organisation: organisationId,
    open,
  });
  return 0;
}
