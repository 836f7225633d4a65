import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { CustomerService } from '../customers/service';
import { idempotentCreate } from '../idempotency/service';
import { validateBankDetails, type BankDetailsInput, type NormalisedBankAccount } from '../schemes/bank-details';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { asLink, findOwnedLegacy as findOwned } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import type { BankAccountRow } from './types';

export interface BankAccountInput extends BankDetailsInput {
  account_holder_name?: string | null;
  metadata?: Metadata;
}

export interface BankAccountFilters {
  customer?: string;
  enabled?: boolean;
  createdAt?: TimeRange;
}

export interface BankAccountDeps {
  customers: CustomerService;
  /** Cancels the mandates on a bank account being disabled (wired to the mandates module). */
  cancelMandatesOnAccount: (tx: Queryable, actor: Actor, bankAccountId: string) => Promise<void>;
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

export function createBankAccountService(ctx: DomainContext, deps: BankAccountDeps) {
  async function insert(
    tx: Queryable,
    actor: Actor,
    customerId: string,
    account: ReturnType<typeof checkBankAccount>,
    metadata: Metadata = {},
  ) {
    const now = ctx.clock.now();
    const { rows } = await tx.query<BankAccountRow>(
      `INSERT INTO customer_bank_accounts (id, organisation_id, customer_id, account_holder_name, account_number_ending, account_type,
         bank_name, bic, bank_code, branch_code, country_code, currency, fingerprint, metadata, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) RETURNING *`,
      [
        ctx.ids('customerBankAccount'),
        actor.organisationId,
        customerId,
        account.holder,
        account.accountNumberEnding,
        account.accountType ?? null,
        account.bankName,
        account.bic,
        account.bankCode ?? null,
        account.branchCode ?? null,
        account.countryCode,
        account.currency,
        account.fingerprint,
        json(metadata),
        now,
      ],
    );
    return rows[0]!;
  }

  const findSame = async (tx: Queryable, actor: Actor, customerId: string, fingerprint: string) =>
    (
      await tx.query<BankAccountRow>(
        'SELECT * FROM customer_bank_accounts WHERE organisation_id = $1 AND customer_id = $2 AND fingerprint = $3 FOR UPDATE',
        [actor.organisationId, customerId, fingerprint],
      )
    ).rows[0];

  /** A bank account of the organisation whose customer has not been removed. */
  async function findActive(db: Queryable, actor: Actor, id: string, lock = false): Promise<BankAccountRow> {
    const account = await findOwned<BankAccountRow>(db, 'customer_bank_accounts', actor.organisationId, id, {
      lock,
      resource: 'customer_bank_accounts',
    });
    const { rows } = await db.query<{ removed_at: Date | null }>('SELECT removed_at FROM customers WHERE id = $1', [
      account.customer_id,
    ]);
    if (rows[0]?.removed_at) throw new DomainError('customer_data_removed');
    return account;
  }

  return {
    findActive,

    async create(
      actor: Actor,
      input: BankAccountInput & { customerId: string },
      options: { idempotencyKey?: string } = {},
    ) {
      const account = checkBankAccount(input);
      return ctx.db.transaction(async (tx) => {
        await asLink('customer', () => deps.customers.findActive(tx, actor, input.customerId));
        const existing = await findSame(tx, actor, input.customerId, account.fingerprint);
        if (existing) {
          throw new DomainError('bank_account_exists', {
            links: { customer_bank_account: existing.id },
            fields: [{ field: 'account_number', code: 'bank_account_exists' }],
          });
        }
        return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
          insert(tx, actor, input.customerId, account, input.metadata),
        );
      });
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
    ) {
      const existing = await findSame(tx, actor, customerId, account.fingerprint);
      if (existing && !existing.enabled) throw new DomainError('bank_account_disabled');
      return existing ?? insert(tx, actor, customerId, account, metadata);
    },

    get: (actor: Actor, id: string) => findActive(ctx.db, actor, id),

    async list(actor: Actor, filters: BankAccountFilters, page: PageRequest): Promise<Page<BankAccountRow>> {
      const params = new Params();
      const where = [
        `a.organisation_id = ${params.add(actor.organisationId)}`,
        'NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = a.customer_id AND c.removed_at IS NOT NULL)',
      ];
      if (filters.customer) where.push(`a.customer_id = ${params.add(filters.customer)}`);
      if (filters.enabled !== undefined) where.push(`a.enabled = ${params.add(filters.enabled)}`);
      whereInRange(where, params, 'a.created_at', filters.createdAt);
      return pageQuery<BankAccountRow>(
        ctx.db,
        { from: 'customer_bank_accounts a', select: 'a.*', idColumn: 'a.id', where, params },
        page,
      );
    },

    async updateMetadata(actor: Actor, id: string, metadata: Metadata): Promise<BankAccountRow> {
      return ctx.db.transaction(async (tx) => {
        await findActive(tx, actor, id, true);
        const { rows } = await tx.query<BankAccountRow>(
          'UPDATE customer_bank_accounts SET metadata = $2, updated_at = $3 WHERE id = $1 RETURNING *',
          [id, json(metadata), ctx.clock.now()],
        );
        return rows[0]!;
      });
    },

    /** Disabling is final for the account, and cancels the mandates on it. */
    async disable(actor: Actor, id: string): Promise<BankAccountRow> {
      return ctx.db.transaction(async (tx) => {
        const account = await findActive(tx, actor, id, true);
        if (!account.enabled) throw new DomainError('disable_failed');
        const { rows } = await tx.query<BankAccountRow>(
          'UPDATE customer_bank_accounts SET enabled = false, updated_at = $2 WHERE id = $1 AND enabled RETURNING *',
          [id, ctx.clock.now()],
        );
        await deps.cancelMandatesOnAccount(tx, actor, id);
        return rows[0]!;
      });
    },
  };
}

export type BankAccountService = ReturnType<typeof createBankAccountService>;
