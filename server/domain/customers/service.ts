import type { Queryable } from '../../db/db';
import { eraseBankAccountsOfCustomer } from '../bank-accounts/queries';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { findOwned } from '../shared/table';
import { eraseBillingDetailsOfCustomer, insertBillingDetail, updateBillingDetail } from './billing-details-queries';
import { customersTable, eraseCustomer, insertCustomer, listCustomers, updateCustomer } from './queries';
import type { Page, PageRequest, TimeRange } from '../shared/pagination';
import { checkAddressFormats, checkCustomerFormats, normaliseCustomerInput } from './rules';
import { type BillingDetailInput, type CustomerBillingDetailRow, type CustomerInput, type CustomerRow } from './types';

export interface CustomerFilters {
  createdAt?: TimeRange;
  ascending?: boolean;
  /** The dashboard's search by email (the API has no such filter). */
  email?: string;
  /** …and by the start of a name. */
  name?: string;
  /** Customers with an enabled bank account in this currency. */
  currency?: string;
}

export function createCustomerService(ctx: DomainContext) {
  /** Customer of the organisation, refusing removed ones with 410 customer_data_removed. */
  async function findActive(db: Queryable, actor: Actor, id: string, lock = false): Promise<CustomerRow> {
    const customer = await findOwned<CustomerRow>(db, customersTable, actor.organisationId, id, { lock });
    if (customer.removed_at) throw new DomainError('customer_data_removed');
    return customer;
  }

  const insert = (tx: Queryable, actor: Actor, input: CustomerInput): Promise<CustomerRow> =>
    insertCustomer(
      tx,
      {
        id: ctx.ids('customer'),
        organisation_id: actor.organisationId,
        created_at: ctx.clock.now(),
        metadata: input.metadata ?? {},
      },
      input,
    );

  const update = (tx: Queryable, actor: Actor, id: string, input: CustomerInput): Promise<CustomerRow> =>
    updateCustomer(tx, actor.organisationId, id, input, ctx.clock.now());

  function validate(input: CustomerInput): CustomerInput {
    const normalised = normaliseCustomerInput(input);
    const issues = checkCustomerFormats(normalised);
    if (issues.length) throw validationFailed(issues);
    return normalised;
  }

  return {
    findActive,
    insert,
    update,

    async create(
      tx: Queryable,
      actor: Actor,
      input: CustomerInput,
      options: { idempotencyKey?: string } = {},
    ): Promise<CustomerRow> {
      const clean = validate(input);
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () => insert(tx, actor, clean));
    },

    get: (db: Queryable, actor: Actor, id: string) => findActive(db, actor, id),

    list: (db: Queryable, actor: Actor, filters: CustomerFilters, page: PageRequest): Promise<Page<CustomerRow>> =>
      listCustomers(db, actor.organisationId, filters, page),

    async updateDetails(tx: Queryable, actor: Actor, id: string, input: CustomerInput): Promise<CustomerRow> {
      const clean = validate(input);
      await findActive(tx, actor, id, true);
      return update(tx, actor, id, clean);
    },

    /**
     * Erases the customer's personal data for good. Their mandates that could still collect are
     * cancelled first (by `cancelMandates`, in the same transaction), and their bank accounts
     * disabled, so nothing is collected from a customer who no longer exists here.
     */
    async remove(
      tx: Queryable,
      actor: Actor,
      id: string,
      cancelMandates: (tx: Queryable, customerId: string) => Promise<void>,
    ): Promise<CustomerRow> {
      await findActive(tx, actor, id, true);
      await cancelMandates(tx, id);
      const now = ctx.clock.now();
      const erased = await eraseCustomer(tx, actor.organisationId, id, now);
      await eraseBillingDetailsOfCustomer(tx, id);
      await eraseBankAccountsOfCustomer(tx, id, now);
      return erased;
    },

    // --- billing details ---------------------------------------------------------------------

    insertBillingDetail: (tx: Queryable, actor: Actor, customer: CustomerRow): Promise<CustomerBillingDetailRow> =>
      insertBillingDetail(
        tx,
        { id: ctx.ids('customerBillingDetail'), organisation_id: actor.organisationId, created_at: ctx.clock.now() },
        customer,
      ),

    updateBillingDetail: (tx: Queryable, id: string, input: BillingDetailInput): Promise<CustomerBillingDetailRow> =>
      updateBillingDetail(tx, id, input),

    checkBillingDetail(input: BillingDetailInput, prefix = 'customer_billing_detail.') {
      const clean = normaliseCustomerInput(input);
      return { clean, issues: checkAddressFormats(clean, prefix) };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
