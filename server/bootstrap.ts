import type { Config } from './config';
import type { Services } from './container';
import { SANDBOX_CREDITOR_ADDRESS } from './domain/access/service';

/** The sandbox's test bank details (schemes.md § 5) for the bootstrap creditor's GBP and EUR payouts. */
const SANDBOX_PAYOUT_ACCOUNTS = [
  { account_holder_name: 'Sandbox creditor', branch_code: '200000', account_number: '55779911', country_code: 'GB' },
  { account_holder_name: 'Sandbox creditor', iban: 'FR1420041010050500013M02606' },
];

export interface BootstrapResult {
  /** A token created on this start, to print once; never stored in plain text. */
  firstStartToken?: string;
  /** The sandbox organisation (printed at every start: the CLI's `--organisation` needs it). */
  organisationId?: string;
  /** BOOTSTRAP_WEBHOOK_URL's endpoint, when this start registered it: its secret is shown this once. */
  webhookEndpoint?: { id: string; url: string; secret: string };
  /** A one-time link for the bootstrap organisation's dashboard admin to choose a password with. */
  firstSignInLink?: string;
}

/** The sandbox's first dashboard admin (they choose their password through the printed link). */
export const SANDBOX_ADMIN_EMAIL = 'admin@sandbox.example';

/**
 * Sandbox conveniences at start-up:
 *  - BOOTSTRAP_ACCESS_TOKEN: make sure an organisation, a creditor and a read_write token with
 *    exactly that value exist (for scripted environments and CI);
 *    (and BOOTSTRAP_DASHBOARD_ADMIN: dashboard admins with known passwords);
 *  - otherwise, on the very first start of an empty sandbox, create them with a fresh token and
 *    hand it back to be printed once, with a one-time link for the dashboard's first admin.
 * Live never gets a token this way: use the CLI.
 */
export async function bootstrap(services: Services, config: Config): Promise<BootstrapResult> {
  if (config.environment !== 'sandbox') return {};
  // Start-up is an edge: it opens its own unit of work, so a crash half-way leaves nothing.
  return services.db.transaction(async (tx) => {
    // The sandbox starts with a rate for every currency pair; the operator's CLI updates them.
    await services.exchangeRates.seedSandbox(tx);
    const { firstStartToken, organisationId } = await ensureSandboxOrganisation(services, config, tx);
    const webhookEndpoint =
      organisationId && config.bootstrapWebhookUrl
        ? await ensureWebhookEndpoint(services, tx, organisationId, config.bootstrapWebhookUrl)
        : undefined;
    const firstSignInLink = await ensureDashboardAdmins(services, config, tx, organisationId, firstStartToken);
    return { firstStartToken, organisationId, webhookEndpoint, firstSignInLink };
  });
}

type Tx = Parameters<Parameters<Services['db']['transaction']>[0]>[0];

/** The organisation the sandbox conveniences are for: the bootstrap token's, or the first one. */
async function ensureSandboxOrganisation(
  services: Services,
  config: Config,
  tx: Tx,
): Promise<{ firstStartToken?: string; organisationId?: string }> {
  const { access } = services;
  if (config.bootstrapAccessToken) {
    const made = await access.ensureBootstrapToken(tx, config.bootstrapAccessToken);
    // A complete sandbox organisation, as the first start makes: its payments go on to a payout.
    if (made.created) await addSandboxPayoutAccounts(services, tx, made.token.organisation_id, made.creditorId);
    return { organisationId: made.token.organisation_id };
  }
  if ((await access.countOrganisations(tx)) > 0) {
    const [first] = await access.listOrganisations(tx);
    return { organisationId: first?.id };
  }
  const organisation = await access.createOrganisation(tx, 'Sandbox organisation');
  const creditor = await access.createCreditor(tx, organisation.id, {
    name: 'Sandbox creditor',
    address: SANDBOX_CREDITOR_ADDRESS,
  });
  await addSandboxPayoutAccounts(services, tx, organisation.id, creditor.id);
  const { value } = await access.createToken(tx, organisation.id, 'read_write', 'Sandbox token');
  return { firstStartToken: value, organisationId: organisation.id };
}

/** Somewhere to pay the sandbox's collections out to, so a payout follows a payment at once. */
async function addSandboxPayoutAccounts(services: Services, tx: Tx, organisationId: string, creditorId: string) {
  const operator = { organisationId, origin: 'gocardless', source: { type: 'gc_team' } } as const;
  for (const details of SANDBOX_PAYOUT_ACCOUNTS) {
    await services.creditorBankAccounts.create(tx, operator, {
      ...details,
      creditorId,
      setAsDefaultPayoutAccount: true,
    });
  }
}

/**
 * Dashboard admins: BOOTSTRAP_DASHBOARD_ADMIN's, with known passwords, for scripted sandboxes (CI,
 * the browser journeys); on the very first start of an empty sandbox, one admin who chooses a
 * password through the one-time link returned here to be printed.
 */
async function ensureDashboardAdmins(
  services: Services,
  config: Config,
  tx: Tx,
  organisationId: string | undefined,
  firstStartToken: string | undefined,
): Promise<string | undefined> {
  if (!organisationId) return undefined;
  if (config.bootstrapAccessToken) {
    for (const entry of config.bootstrapDashboardAdmin?.split(',') ?? []) {
      const at = entry.indexOf(':');
      const [email, password] = [entry.slice(0, at), entry.slice(at + 1)];
      await services.dashboardUsers.ensureAdminWithPassword(tx, organisationId, email, password);
    }
    return undefined;
  }
  if (!firstStartToken) return undefined;
  const admin = await services.dashboardUsers.bootstrapAdmin(tx, organisationId, SANDBOX_ADMIN_EMAIL);
  return `${config.publicUrl}/dashboard/welcome/${admin.token}`;
}

/** Registers the URL once; later starts find it and print nothing secret. */
async function ensureWebhookEndpoint(services: Services, tx: Tx, organisationId: string, url: string) {
  const existing = await services.webhookEndpoints.list(tx, { organisationId });
  if (existing.some((endpoint) => endpoint.url === url)) return undefined;
  const { endpoint, secret } = await services.webhookEndpoints.create(tx, organisationId, url);
  return { id: endpoint.id, url: endpoint.url, secret };
}
