import { FILE_BANK_SCHEMES } from '../../server/domain/bank-submissions/connections';
import type { Services } from '../../server/container';
import type { Actor } from '../../server/domain/shared/actor';
import { SCHEME_IDENTIFIER_SCHEMES } from '../../server/domain/scheme-identifiers/types';
import type { ApiClient } from './client';

export interface Merchant {
  organisationId: string;
  creditorId: string;
  token: string;
  readOnlyToken: string;
  tokenId: string;
  /** Client using the read_write token. */
  api: ApiClient;
  /** Client using the read_only token. */
  readOnly: ApiClient;
  actor: Actor;
}

let counter = 0;

/** Test bank details per currency (schemes.md § 5) for the creditor's payout accounts. */
const PAYOUT_ACCOUNTS = [
  { branch_code: '200000', account_number: '55779911', country_code: 'GB' },
  { iban: 'FR1420041010050500013M02606' },
  { bank_code: '026073150', account_number: '2715500356', account_type: 'checking', country_code: 'US' },
  { bank_code: '0003', branch_code: '00006', account_number: '1234567', country_code: 'CA' },
  { branch_code: '082-082', account_number: '012345678', country_code: 'AU' },
  { bank_code: '12', branch_code: '3113', account_number: '0003869', account_number_suffix: '00', country_code: 'NZ' },
  { branch_code: '5491', account_number: '0000003', country_code: 'SE' },
  { bank_code: '345', account_number: '3179681', country_code: 'DK' },
] as const;

export async function createMerchant(
  services: Services,
  anonymous: ApiClient,
  name?: string,
  options: {
    payoutAccounts?: boolean;
    /** No service fees (a zero fee schedule): for tests that follow a payment's own money. */
    withoutFees?: boolean;
  } = {},
): Promise<Merchant> {
  const { organisation, creditor, rw, ro } = await services.db.transaction(async (tx) => {
    const organisation = await services.access.createOrganisation(tx, name ?? `Merchant ${++counter}`);
    const creditor = await services.access.createCreditor(tx, organisation.id, { name: `${organisation.name} Ltd` });
    const operator = { organisationId: organisation.id, origin: 'gocardless', source: { type: 'gc_team' } } as const;
    for (const details of options.payoutAccounts ? PAYOUT_ACCOUNTS : []) {
      await services.creditorBankAccounts.create(tx, operator, {
        ...details,
        account_holder_name: creditor.name,
        creditorId: creditor.id,
        setAsDefaultPayoutAccount: true,
      });
    }
    // A live creditor takes mandates only under an active scheme identifier (decision 0036): the
    // operator has activated one per debit scheme, as onboarding would have.
    if (services.environment === 'live') {
      for (const scheme of SCHEME_IDENTIFIER_SCHEMES.filter((s) => !s.startsWith('sepa_'))) {
        const identifier = await services.schemeIdentifiers.create(tx, operator, {
          name: creditor.name,
          scheme,
          links: { creditor: creditor.id },
        });
        await services.schemeIdentifiers.activate(tx, identifier.id);
      }
      // These journeys walk the scheme clock's timings in live, which only the simulated bank
      // has; live's own default, the file bank, is proven in test/api/bank-submissions*.test.ts.
      for (const scheme of FILE_BANK_SCHEMES)
        await tx.query(
          `INSERT INTO bank_connections (organisation_id, creditor_id, scheme, kind, cutoff_time, created_at, updated_at)
           VALUES ($1, $2, $3, 'simulated', '00:00', now(), now())`,
          [organisation.id, creditor.id, scheme],
        );
    }
    if (options.withoutFees)
      await services.fees.set(tx, organisation.id, { percentBasisPoints: 0, fixedMinor: 0, capMinor: null });
    const rw = await services.access.createToken(tx, organisation.id, 'read_write', 'test read_write');
    const ro = await services.access.createToken(tx, organisation.id, 'read_only', 'test read_only');
    return { organisation, creditor, rw, ro };
  });
  return {
    organisationId: organisation.id,
    creditorId: creditor.id,
    token: rw.value,
    readOnlyToken: ro.value,
    tokenId: rw.token.id,
    api: anonymous.withToken(rw.value),
    readOnly: anonymous.withToken(ro.value),
    actor: {
      organisationId: organisation.id,
      origin: 'api',
      source: { type: 'access_token', name: 'test read_write' },
    },
  };
}
