import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { findOwnedLegacy as findOwned } from '../shared/lookup';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { checkAddressFormats, checkCustomerFormats, normaliseCustomerInput } from './rules';
import {
  BILLING_DETAIL_FIELDS,
  CUSTOMER_FIELDS,
  type BillingDetailInput,
  type CustomerBillingDetailRow,
  type CustomerInput,
  type CustomerRow,
} from './types';

export interface CustomerFilters {
  createdAt?: TimeRange;
  ascending?: boolean;
}

/** The personal data DELETE erases; the row stays so references can answer customer_data_removed. */
const ERASED = [...CUSTOMER_FIELDS.filter((f) => f !== 'language')];

export function createCustomerService(ctx: DomainContext) {
  /** Customer of the organisation, refusing removed ones with 410 customer_data_removed. */
  async function findActive(db: Queryable, actor: Actor, id: string, lock = false): Promise<CustomerRow> {
    const customer = await findOwned<CustomerRow>(db, 'customers', actor.organisationId, id, {
      lock,
      resource: 'customers',
    });
    if (customer.removed_at) throw new DomainError('customer_data_removed');
    return customer;
  }

  async function insert(tx: Queryable, actor: Actor, input: CustomerInput): Promise<CustomerRow> {
    const now = ctx.clock.now();
    const values = CUSTOMER_FIELDS.map((f) => input[f] ?? null);
    const { rows } = await tx.query<CustomerRow>(
      `INSERT INTO customers (id, organisation_id, ${CUSTOMER_FIELDS.join(', ')}, metadata, created_at, updated_at)
       VALUES ($1, $2, ${CUSTOMER_FIELDS.map((_, i) => `$${i + 3}`).join(', ')}, $${CUSTOMER_FIELDS.length + 3}, $${CUSTOMER_FIELDS.length + 4}, $${CUSTOMER_FIELDS.length + 4})
       RETURNING *`,
      [ctx.ids('customer'), actor.organisationId, ...values, json(input.metadata ?? {}), now],
    );
    return rows[0]!;
  }

  /** Sets the given fields (a `null` clears one; absent fields are left alone). */
  async function update(tx: Queryable, actor: Actor, id: string, input: CustomerInput): Promise<CustomerRow> {
    const params = new Params();
    const sets: string[] = [];
    for (const field of CUSTOMER_FIELDS) {
      if (field in input) sets.push(`${field} = ${params.add(input[field] ?? null)}`);
    }
    if (input.metadata !== undefined) sets.push(`metadata = ${params.add(json(input.metadata))}`);
    sets.push(`updated_at = ${params.add(ctx.clock.now())}`);
    const { rows } = await tx.query<CustomerRow>(
      `UPDATE customers SET ${sets.join(', ')} WHERE id = ${params.add(id)} AND organisation_id = ${params.add(actor.organisationId)} RETURNING *`,
      params.values,
    );
    return rows[0]!;
  }

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

    async list(db: Queryable, actor: Actor, filters: CustomerFilters, page: PageRequest): Promise<Page<CustomerRow>> {
      const params = new Params();
      const where = [`organisation_id = ${params.add(actor.organisationId)}`, 'removed_at IS NULL'];
      whereInRange(where, params, 'created_at', filters.createdAt);
      return pageQuery<CustomerRow>(db, { from: 'customers', where, params }, page);
    },

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
    ): Promise<void> {
      await findActive(tx, actor, id, true);
      await cancelMandates(tx, id);
      const now = ctx.clock.now();
      await tx.query(
        `UPDATE customers SET ${ERASED.map((f) => `${f} = NULL`).join(', ')}, metadata = '{}'::jsonb, removed_at = $3, updated_at = $3
         WHERE id = $1 AND organisation_id = $2`,
        [id, actor.organisationId, now],
      );
      await tx.query(
        `UPDATE customer_billing_details SET ${BILLING_DETAIL_FIELDS.map((f) => `${f} = NULL`).join(', ')} WHERE customer_id = $1`,
        [id],
      );
      await tx.query(
        `UPDATE customer_bank_accounts SET account_holder_name = '', metadata = '{}'::jsonb, enabled = false, updated_at = $2
         WHERE customer_id = $1`,
        [id, now],
      );
    },

    // --- billing details ---------------------------------------------------------------------

    async insertBillingDetail(tx: Queryable, actor: Actor, customer: CustomerRow): Promise<CustomerBillingDetailRow> {
      // A billing detail starts as a copy of the customer's address and identity numbers.
      const fields = BILLING_DETAIL_FIELDS.filter((f) => f !== 'ip_address');
      const { rows } = await tx.query<CustomerBillingDetailRow>(
        `INSERT INTO customer_billing_details (id, organisation_id, customer_id, ${fields.join(', ')}, created_at)
         VALUES ($1, $2, $3, ${fields.map((_, i) => `$${i + 4}`).join(', ')}, $${fields.length + 4}) RETURNING *`,
        [
          ctx.ids('customerBillingDetail'),
          actor.organisationId,
          customer.id,
          ...fields.map((f) => customer[f]),
          ctx.clock.now(),
        ],
      );
      return rows[0]!;
    },

    async updateBillingDetail(tx: Queryable, id: string, input: BillingDetailInput): Promise<CustomerBillingDetailRow> {
      const params = new Params();
      const sets = BILLING_DETAIL_FIELDS.filter((f) => f in input).map((f) => `${f} = ${params.add(input[f] ?? null)}`);
      if (!sets.length) {
        const { rows } = await tx.query<CustomerBillingDetailRow>(
          'SELECT * FROM customer_billing_details WHERE id = $1',
          [id],
        );
        return rows[0]!;
      }
      const { rows } = await tx.query<CustomerBillingDetailRow>(
        `UPDATE customer_billing_details SET ${sets.join(', ')} WHERE id = ${params.add(id)} RETURNING *`,
        params.values,
      );
      return rows[0]!;
    },

    checkBillingDetail(input: BillingDetailInput, prefix = 'customer_billing_detail.') {
      const clean = normaliseCustomerInput(input);
      return { clean, issues: checkAddressFormats(clean, prefix) };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
