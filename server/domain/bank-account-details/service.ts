import type { Queryable } from '../../db/db';
import type { BankAccountRow } from '../bank-accounts/types';
import type { NormalisedBankAccount } from '../schemes/bank-details';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { checkJwks, encryptTo, usableKey, type Jwks } from './jwks';
import {
  deleteOrganisationJwks,
  findOrganisationJwks,
  findSealedDetails,
  insertSealedDetails,
  upsertOrganisationJwks,
} from './queries';
import { seal, unseal } from './seal';

export interface BankAccountDetailsDeps {
  /** The secret full details are sealed under (configuration or DATA_DIR, never the database). */
  sealingSecret: string;
  findBankAccount: (db: Queryable, actor: Actor, id: string) => Promise<BankAccountRow>;
}

/** The full details as the merchant decrypts them: the request's field names, unset ones left out. */
export function fullDetailsOf(account: NormalisedBankAccount & { holder: string }): Record<string, string> {
  const details: Record<string, string | undefined> = {
    account_holder_name: account.holder,
    account_number: account.accountNumber,
    account_number_suffix: account.accountNumberSuffix,
    account_type: account.accountType,
    bank_code: account.bankCode,
    branch_code: account.branchCode,
    bic: account.bic ?? undefined,
    country_code: account.countryCode,
    currency: account.currency,
    iban: account.iban,
  };
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

/**
 * Bank account details: the full details of a customer bank account, kept sealed when the account
 * is made and answered only encrypted to the organisation's registered JWKS. Nothing here logs them.
 */
export function createBankAccountDetailsService(ctx: DomainContext, deps: BankAccountDetailsDeps) {
  return {
    /** Called in the unit of work that creates the bank account. */
    async keepDetails(tx: Queryable, actor: Actor, bankAccountId: string, details: Record<string, string>) {
      await insertSealedDetails(tx, {
        customer_bank_account_id: bankAccountId,
        organisation_id: actor.organisationId,
        sealed: seal(deps.sealingSecret, JSON.stringify(details)),
        created_at: ctx.clock.now(),
      });
    },

    /** The operator registers the organisation's JWKS (CLI); refused with the reason when unusable. */
    async registerJwks(tx: Queryable, organisationId: string, value: unknown, source: string) {
      const checked = checkJwks(value);
      if (!checked.ok) throw validationFailed(checked.issues);
      return upsertOrganisationJwks(tx, {
        organisation_id: organisationId,
        jwks: checked.jwks,
        source,
        updated_at: ctx.clock.now(),
      });
    },

    /** The kept details in the clear, for the bank's own use (a transfer's unchanged fields); never answered. */
    async fullDetails(db: Queryable, organisationId: string, bankAccountId: string) {
      const sealed = await findSealedDetails(db, organisationId, bankAccountId);
      return sealed ? (JSON.parse(unseal(deps.sealingSecret, sealed)) as Record<string, string>) : undefined;
    },

    findJwks: (db: Queryable, organisationId: string) => findOrganisationJwks(db, organisationId),
    removeJwks: (tx: Queryable, organisationId: string) => deleteOrganisationJwks(tx, organisationId),

    async get(db: Queryable, actor: Actor, bankAccountId: string) {
      const account = await deps.findBankAccount(db, actor, bankAccountId);
      const registered = await findOrganisationJwks(db, actor.organisationId);
      const key = registered && usableKey(registered.jwks as Jwks);
      if (!key) throw new DomainError('forbidden', { messageKey: 'reason.bank_account_details_no_jwks' });
      const sealed = await findSealedDetails(db, actor.organisationId, account.id);
      if (!sealed) throw new DomainError('forbidden', { messageKey: 'reason.bank_account_details_not_kept' });
      return encryptTo(key, unseal(deps.sealingSecret, sealed));
    },
  };
}

export type BankAccountDetailsService = ReturnType<typeof createBankAccountDetailsService>;
