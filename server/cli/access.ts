import type { Services } from '../container';
import type { Database } from '../db/db';

/** `npm run cli -- organisations|creditors|tokens …`: the operator's access records on the store. */
export const ACCESS_HELP = `  organisations create --name <name>             create an organisation
  organisations list
  organisations approve <OR…> [--payment-pages] [--white-label] [--custom-payment-pages] [--revoke]
                                                 live approvals (spec: Restrictions in live)
  creditors create --organisation <OR…> --name <name> [--country GB] [--type company]
  creditors list --organisation <OR…>
  tokens create --organisation <OR…> [--scope read_write|read_only] [--name <name>]
                                                 prints the token once; only its hash is stored
  tokens list [--organisation <OR…>]
  tokens disable <AT…>                           stop a token working (can be enabled again)
  tokens enable <AT…>
  tokens revoke <AT…>                            stop a token working for good`;

export interface AccessCommand {
  group: string;
  action: string | undefined;
  target: string | undefined;
  name?: string;
  organisation?: string;
  country?: string;
  type?: string;
  scope?: string;
  revoke?: boolean;
  'payment-pages'?: boolean;
  'white-label'?: boolean;
  'custom-payment-pages'?: boolean;
}

type Print = (human: string, data: unknown) => void;

export async function runAccessCommand(
  command: AccessCommand,
  services: Services,
  db: Database,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  const { group, action, target, ...values } = command;
  const need = (value: string | undefined, flag: string) => {
    if (!value) throw usage(`${flag} is required`);
    return value;
  };
  switch (`${group} ${action ?? ''}`.trim()) {
    case 'organisations create': {
      const org = await db.transaction((tx) => services.access.createOrganisation(tx, need(values.name, '--name')));
      print(`Created organisation ${org.id} (${org.name})`, org);
      return 0;
    }
    case 'organisations list': {
      const orgs = await services.access.listOrganisations(db);
      print(
        orgs.map((o) => `${o.id}  ${o.name}${o.disabled_at ? '  (disabled)' : ''}`).join('\n') || 'No organisations.',
        orgs,
      );
      return 0;
    }
    case 'organisations approve': {
      // Each flag names an approval to grant (or, with --revoke, to take back).
      const grant = !values.revoke;
      const approvals = {
        payment_pages_approved: values['payment-pages'] ? grant : undefined,
        white_label_partner: values['white-label'] ? grant : undefined,
        custom_payment_pages: values['custom-payment-pages'] ? grant : undefined,
      };
      if (Object.values(approvals).every((v) => v === undefined)) throw usage('name at least one approval');
      const org = await db.transaction((tx) =>
        services.access.setApprovals(tx, need(target, 'an organisation id'), approvals),
      );
      print(
        `Organisation ${org.id}: payment pages ${org.payment_pages_approved ? 'approved' : 'not approved'}, white-label ${org.white_label_partner ? 'yes' : 'no'}, custom payment pages ${org.custom_payment_pages ? 'yes' : 'no'}.`,
        org,
      );
      return 0;
    }
    case 'creditors create': {
      const creditor = await db.transaction((tx) =>
        services.access.createCreditor(tx, need(values.organisation, '--organisation'), {
          name: need(values.name, '--name'),
          countryCode: values.country,
          creditorType: values.type,
        }),
      );
      print(`Created creditor ${creditor.id} (${creditor.name})`, creditor);
      return 0;
    }
    case 'creditors list': {
      const creditors = await services.access.listCreditors(db, need(values.organisation, '--organisation'));
      print(creditors.map((c) => `${c.id}  ${c.name}  ${c.country_code}`).join('\n') || 'No creditors.', creditors);
      return 0;
    }
    case 'tokens create': {
      const scope = values.scope ?? 'read_write';
      if (scope !== 'read_write' && scope !== 'read_only') throw usage('--scope must be read_write or read_only');
      const { token, value } = await db.transaction((tx) =>
        services.access.createToken(tx, need(values.organisation, '--organisation'), scope, values.name),
      );
      print(`Created ${scope} token ${token.id}.\nToken (shown once, store it now):\n  ${value}`, {
        id: token.id,
        scope,
        organisation: token.organisation_id,
        token: value,
      });
      return 0;
    }
    case 'tokens list': {
      const tokens = await services.access.listTokens(db, values.organisation);
      const rows = tokens.map((t) => ({
        id: t.id,
        organisation: t.organisation_id,
        name: t.name,
        scope: t.scope,
        status: t.status,
        hint: `${t.token_hint}…`,
        created_at: t.created_at,
      }));
      print(
        rows.map((t) => `${t.id}  ${t.organisation}  ${t.scope}  ${t.status}  ${t.hint}  ${t.name}`).join('\n') ||
          'No tokens.',
        rows,
      );
      return 0;
    }
    case 'tokens disable':
    case 'tokens enable':
    case 'tokens revoke': {
      const id = need(target, 'a token id');
      const token = await db.transaction((tx) =>
        action === 'disable'
          ? services.access.disableToken(tx, id)
          : action === 'enable'
            ? services.access.enableToken(tx, id)
            : services.access.revokeToken(tx, id),
      );
      print(`Token ${token.id} is now ${token.status}.`, { id: token.id, status: token.status });
      return 0;
    }
    default:
      throw usage(`unknown command: ${[group, action, target].filter(Boolean).join(' ')}`);
  }
}
