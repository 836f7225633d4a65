import type { Config } from './config';
import type { Services } from './container';

export interface BootstrapResult {
  /** A token created on this start, to print once; never stored in plain text. */
  firstStartToken?: string;
}

/**
 * Sandbox conveniences at start-up:
 *  - BOOTSTRAP_ACCESS_TOKEN: make sure an organisation, a creditor and a read_write token with
 *    exactly that value exist (for scripted environments and CI);
 *  - otherwise, on the very first start of an empty sandbox, create them with a fresh token and
 *    hand it back to be printed once.
 * Live never gets a token this way: use the CLI.
 */
export async function bootstrap(services: Services, config: Config): Promise<BootstrapResult> {
  if (config.environment !== 'sandbox') return {};
  if (config.bootstrapAccessToken) {
    await services.access.ensureBootstrapToken(config.bootstrapAccessToken);
    return {};
  }
  if ((await services.access.countOrganisations()) > 0) return {};
  const organisation = await services.access.createOrganisation('Sandbox organisation');
  await services.access.createCreditor(organisation.id, { name: 'Sandbox creditor' });
  const { value } = await services.access.createToken(organisation.id, 'read_write', 'Sandbox token');
  return { firstStartToken: value };
}
