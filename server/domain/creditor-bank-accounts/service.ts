import type { Queryable } from '../../db/db';
import { checkBankAccount, type BankAccountInput } from '../bank-accounts/service';
import { findCreditor } from '../creditors/queries';
import { recordEvent } from '../events/queries';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Page, PageRequest } from '../shared/pagination';
import {
  clearDefaultPayoutAccount,
  disableCreditorBankAccount,
  findCreditorBankAccount,
  findSameCreditorBankAccount,
  hasAccountInCurrency,
  insertCreditorBankAccount,
  listDefaultPayoutAccounts,
  listCreditorBankAccounts,
  markDefaultPayoutAccount,
} from './queries';
import type { CreditorBankAccountFilters, CreditorBankAccountRow } from './types';

export interface CreditorBankAccountInput extends BankAccountInput {
  creditorId: string;
  setAsDefaultPayoutAccount?: boolean | null;
}

/**
 * Creditor bank accounts: where a creditor's payouts go, one default per currency. The details
 * pass the same per-country checks as a customer's account (schemes/bank-details), and only the
 * ending of the number is kept in the clear. Services take the caller's unit of work first.
 */
export function createCreditorBankAccountService(ctx: DomainContext) {
  return {
    async create(
      tx: Queryable,
      actor: Actor,
      input: CreditorBankAccountInput,
      options: { idempotencyKey?: string } = {},
    ): Promise<CreditorBankAccountRow> {
      const account = checkBankAccount(input);
      // The creditor's row lock serialises its account creates: one default per currency, one first account.
      await asLink('creditor', () => findCreditor(tx, actor.organisationId, input.creditorId, { lock: true }));
      const existing = await findSameCreditorBankAccount(tx, input.creditorId, account.fingerprint);
      if (existing) {
        throw new DomainError('bank_account_exists', {
          links: { creditor_bank_account: existing.id },
          fields: [{ field: 'account_number', code: 'bank_account_exists' }],
        });
      }
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, async () => {
        const now = ctx.clock.now();
        const newCurrency = !(await hasAccountInCurrency(tx, input.creditorId, account.currency));
        const makeDefault = input.setAsDefaultPayoutAccount === true;
        if (makeDefault) await clearDefaultPayoutAccount(tx, input.creditorId, account.currency, now);
        const row = await insertCreditorBankAccount(tx, {
          id: ctx.ids('creditorBankAccount'),
          organisation_id: actor.organisationId,
          creditor_id: input.creditorId,
          account_holder_name: account.holder,
          account_number_ending: account.accountNumberEnding,
          account_type: account.accountType ?? null,
          bank_name: account.bankName,
          bic: account.bic,
          country_code: account.countryCode,
          currency: account.currency,
          fingerprint: account.fingerprint,
          default_payout: makeDefault,
          metadata: input.metadata ?? {},
          created_at: now,
        });
        if (newCurrency) {
          await recordEvent(tx, ctx, {
            organisationId: actor.organisationId,
            resourceType: 'creditors',
            action: 'new_payout_currency_added',
            links: { creditor: input.creditorId },
            details: {
              origin: actor.origin,
              cause: 'new_payout_currency_added',
              description: `The creditor can now be paid out in ${account.currency}.`,
              currency: account.currency,
              bank_account_id: row.id,
            },
            source: actor.source,
          });
        }
        return row;
      });
    },

    get: (db: Queryable, actor: Actor, id: string) => findCreditorBankAccount(db, actor.organisationId, id),

    /** The default payout account per currency of these creditors (the creditor's `links`). */
    defaultsOf: (db: Queryable, creditorIds: readonly string[]) => listDefaultPayoutAccounts(db, creditorIds),

    list: (
      db: Queryable,
      actor: Actor,
      filters: CreditorBankAccountFilters,
      page: PageRequest,
    ): Promise<Page<CreditorBankAccountRow>> => listCreditorBankAccounts(db, actor.organisationId, filters, page),

    /**
     * A creditor update's `links.default_<currency>_payout_account`: the named account, the
     * creditor's own, enabled and in that currency, becomes the currency's default (one `updated`
     * event on the creditor naming the link). An account of another organisation is not found.
     */
    async makeDefaultPayoutAccount(
      tx: Queryable,
      actor: Actor,
      creditorId: string,
      currency: string,
      accountId: string,
    ): Promise<void> {
      const field = `links.default_${currency.toLowerCase()}_payout_account`;
      const account = await asLink(field.slice('links.'.length), () =>
        findCreditorBankAccount(tx, actor.organisationId, accountId, { lock: true }),
      );
      if (account.creditor_id !== creditorId || account.currency !== currency || !account.enabled)
        throw validationFailed([{ field, code: 'invalid' }]);
      if (account.default_payout) return;
      const now = ctx.clock.now();
      await clearDefaultPayoutAccount(tx, creditorId, currency, now);
      await markDefaultPayoutAccount(tx, account.id, now);
      await recordEvent(tx, ctx, {
        organisationId: actor.organisationId,
        resourceType: 'creditors',
        action: 'updated',
        links: { creditor: creditorId },
        details: {
          origin: actor.origin,
          cause: 'creditor_updated',
          description: `The creditor's ${field.slice('links.'.length)} was updated.`,
          property: field.slice('links.'.length),
        },
        source: actor.source,
      });
    },

    /** Disabling is final; the account stops being a default, so its currency's funds wait for a new one. */
    async disable(tx: Queryable, actor: Actor, id: string): Promise<CreditorBankAccountRow> {
      const account = await findCreditorBankAccount(tx, actor.organisationId, id, { lock: true });
      const disabled = account.enabled ? await disableCreditorBankAccount(tx, id, ctx.clock.now()) : undefined;
      if (!disabled) throw new DomainError('disable_failed');
      return disabled;
    },
  };
}
