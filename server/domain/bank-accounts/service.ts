import type { Queryable } from '../../db/db';
import { isCustomerRemoved } from '../customers/queries';
import type { CustomerService } from '../customers/service';
import { idempotentCreate } from '../idempotency/service';
import { validateBankDetails, type BankDetailsInput, type NormalisedBankAccount } from '../schemes/bank-details';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import type { Page, PageRequest } from '../shared/pagination';
import {
  disableBankAccount,
  findBankAccount,
  findSameBankAccount,
  insertBankAccount,
  listBankAccounts,
  updateBankAccountMetadata,
  type BankAccountFilters,
} from './queries';
import type { BankAccountRow } from './types';

export type { BankAccountFilters } from './queries';

export interface BankAccountInput extends BankDetailsInput {
  account_holder_name?: string | null;
  metadata?: Metadata;
}

export interface BankAccountDeps {
  customers: CustomerService;
  /** Cancels the mandates on a bank account being disabled (wired to the mandates module). */
  cancelMandatesOnAccount: (tx: Queryable, actor: Actor, bankAccountId: string) => Promise<void>;
  /** Keeps the full details, sealed, for GET /bank_account_details (wired to bank-account-details). */
  keepFullDetails?: (
    tx: Queryable,
    actor: Actor,
    bankAccountId: string,
    account: NormalisedBankAccount & { holder: string },
  ) => Promise<void>;
}

const HOLDER_MAX = 140;

/** Validates details and the holder name together, so the payer sees every problem at once. */
export function checkBankAccount(input: BankAccountInput): NormalisedBankAccount & { holder: string } {
  const result = validateBankDetails(input);
  const issues = result.ok ? [] : [...result.issues];
  const holder = input.account_holder_name?.trim() ?? '';
  if (!holder) issues.push({ field: 'account_holder_name', code: 'required' });
  else if (holder.length > HOLDER_MAX)
    issues.push({ field: 'account_holder_name', code: 'too_long', params: { max: HOLDER_MAX } });
  if (!result.ok || issues.length) throw validationFailed(issues);
  return { ...result.account, holder };
}

/** Customer bank accounts: use cases taking the caller's unit of work (`tx`) first, as every service does. */
export function createBankAccountService(ctx: DomainContext, deps: BankAccountDeps) {
  async function insert(
    tx: Queryable,
    actor: Actor,
    customerId: string,
    account: ReturnType<typeof checkBankAccount>,
    metadata: Metadata = {},
  ): Promise<BankAccountRow> {
    const row = await insertBankAccount(tx, {
      id: ctx.ids('customerBankAccount'),
      organisation_id: actor.organisationId,
      customer_id: customerId,
      account_holder_name: account.holder,
      account_number_ending: account.accountNumberEnding,
      account_type: account.accountType ?? null,
      bank_name: account.bankName,
      bic: account.bic,
      bank_code: account.bankCode ?? null,
      branch_code: account.branchCode ?? null,
      country_code: account.countryCode,
      currency: account.currency,
      fingerprint: account.fingerprint,
      metadata,
      created_at: ctx.clock.now(),
    });
    await deps.keepFullDetails?.(tx, actor, row.id, account);
    return row;
  }

  /** A bank account of the organisation whose customer has not been removed. */
  async function findActive(db: Queryable, actor: Actor, id: string, lock = false): Promise<BankAccountRow> {
    const account = await findBankAccount(db, actor.organisationId, id, { lock });
    if (await isCustomerRemoved(db, account.customer_id)) throw new DomainError('customer_data_removed');
    return account;
  }

  return {
    findActive,

    async create(
      tx: Queryable,
      actor: Actor,
      input: BankAccountInput & { customerId: string },
      options: { idempotencyKey?: string } = {},
    ): Promise<BankAccountRow> {
      const account = checkBankAccount(input);
      await asLink('customer', () => deps.customers.findActive(tx, actor, input.customerId));
      const existing = await findSameBankAccount(tx, actor.organisationId, input.customerId, account.fingerprint);
      if (existing) {
        throw new DomainError('bank_account_exists', {
          links: { customer_bank_account: existing.id },
          fields: [{ field: 'account_number', code: 'bank_account_exists' }],
        });
      }
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
        insert(tx, actor, input.customerId, account, input.metadata),
      );
    },

    /**
     * For a billing request: the customer's enabled account with these details, or a new one.
     * The same details given again are the same account; a disabled one may not be reused.
     */
    async collectForCustomer(
      tx: Queryable,
      actor: Actor,
      customerId: string,
      account: ReturnType<typeof checkBankAccount>,
      metadata?: Metadata,
    ): Promise<BankAccountRow> {
      const existing = await findSameBankAccount(tx, actor.organisationId, customerId, account.fingerprint);
      if (existing && !existing.enabled) throw new DomainError('bank_account_disabled');
      return existing ?? insert(tx, actor, customerId, account, metadata);
    },

    get: (db: Queryable, actor: Actor, id: string) => findActive(db, actor, id),

    list: (
      db: Queryable,
      actor: Actor,
      filters: BankAccountFilters,
      page: PageRequest,
    ): Promise<Page<BankAccountRow>> => listBankAccounts(db, actor.organisationId, filters, page),

    async updateMetadata(tx: Queryable, actor: Actor, id: string, metadata: Metadata): Promise<BankAccountRow> {
      await findActive(tx, actor, id, true);
      return updateBankAccountMetadata(tx, id, metadata, ctx.clock.now());
    },

    /** Disabling is final for the account, and cancels the mandates on it. */
    async disable(tx: Queryable, actor: Actor, id: string): Promise<BankAccountRow> {
      const account = await findActive(tx, actor, id, true);
      const disabled = account.enabled ? await disableBankAccount(tx, id, ctx.clock.now()) : undefined;
      if (!disabled) throw new DomainError('disable_failed');
      await deps.cancelMandatesOnAccount(tx, actor, id);
      return disabled;
    },
  };
}

export type BankAccountService = ReturnType<typeof createBankAccountService>;
