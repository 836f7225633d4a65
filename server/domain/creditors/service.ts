import type { Queryable } from '../../db/db';
import { recordEvent } from '../events/queries';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { notFound, validationFailed } from '../shared/errors';
import { CURRENCIES } from '../shared/money';
import { asLink } from '../shared/lookup';
import type { Page, PageRequest, TimeRange } from '../shared/pagination';
import { createRecentCache } from '../shared/recent-cache';
import {
  findCreditor,
  findCreditorById,
  insertCreditor,
  listCreditors,
  listCreditorsOfOrganisation,
  setFxPayoutCurrency,
  setVerificationStatus,
  updateCreditor,
} from './queries';
import { CREDITOR_UPDATABLE, type CreditorRow, type CreditorUpdate } from './types';
import { isEmailAddress } from '../shared/email';

export interface CreateCreditor {
  name: string;
  country_code: string;
  creditor_type: string;
  bank_reference_prefix?: string | null;
}

const COUNTRY = /^[A-Z]{2}$/;
// Bank reference prefixes appear on payers' statements: upper-case letters and digits, short.
const PREFIX = /^[A-Z0-9]{1,6}$/;

function check(input: CreditorUpdate): void {
  const issues = [];
  if (input.country_code && !COUNTRY.test(input.country_code))
    issues.push({ field: 'country_code', code: 'invalid_country_code' });
  if (input.bank_reference_prefix && !PREFIX.test(input.bank_reference_prefix))
    issues.push({ field: 'bank_reference_prefix', code: 'invalid_format' });
  if (input.name !== undefined && !input.name?.trim()) issues.push({ field: 'name', code: 'blank' });
  if (input.email && !isEmailAddress(input.email)) issues.push({ field: 'email', code: 'invalid_email' });
  // Every creditor has a country (the column is NOT NULL): null or "" cannot clear it (found by the fuzz).
  if ('country_code' in input && !input.country_code) issues.push({ field: 'country_code', code: 'blank' });
  if (issues.length) throw validationFailed(issues);
}

/** Creditors: use cases taking the caller's unit of work (`tx`) first, as every service does. */
export function createCreditorService(ctx: DomainContext) {
  /** A creditor's change is one `updated` event naming the property. */
  const recordUpdated = (tx: Queryable, actor: Actor, id: string, property: string) =>
    recordEvent(tx, ctx, {
      organisationId: actor.organisationId,
      resourceType: 'creditors',
      action: 'updated',
      links: { creditor: id },
      details: {
        origin: actor.origin,
        cause: 'creditor_updated',
        description: `The creditor's ${property} was updated.`,
        property,
      },
      source: actor.source,
    });

  const recent = createRecentCache<CreditorRow>(ctx.recentReadTtlMs);
  return {
    get: (db: Queryable, actor: Actor, id: string) => findCreditor(db, actor.organisationId, id),

    /**
     * The creditor as the payer pages show it (name, address, contact): read at most once a second
     * per process (shared/recent-cache.ts); this service forgets it when it changes it. Decisions
     * (fulfilment, a mandate's text as stored) read `get`.
     */
    async getRecent(db: Queryable, actor: Actor, id: string): Promise<CreditorRow> {
      const row = await recent.through(id, () => findCreditor(db, actor.organisationId, id));
      // Kept by id alone: another organisation's actor finds nothing, as `get` would.
      if (row?.organisation_id === actor.organisationId) return row;
      return findCreditor(db, actor.organisationId, id);
    },

    /**
     * The creditor a request is for: the one named in links, or the organisation's only one
     * (spec: links.creditor is required only when the account manages several creditors).
     */
    async resolve(db: Queryable, actor: Actor, id: string | undefined | null): Promise<CreditorRow> {
      if (id) return asLink('creditor', () => findCreditor(db, actor.organisationId, id));
      const creditors = await listCreditorsOfOrganisation(db, actor.organisationId, 2);
      if (creditors.length !== 1) throw validationFailed([{ field: 'links.creditor', code: 'required' }]);
      return creditors[0]!;
    },

    list: (
      db: Queryable,
      actor: Actor,
      filters: { createdAt?: TimeRange },
      page: PageRequest,
    ): Promise<Page<CreditorRow>> => listCreditors(db, actor.organisationId, filters, page),

    async create(
      tx: Queryable,
      actor: Actor,
      input: CreateCreditor,
      options: { idempotencyKey?: string } = {},
    ): Promise<CreditorRow> {
      check(input);
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
        insertCreditor(tx, {
          id: ctx.ids('creditor'),
          organisation_id: actor.organisationId,
          name: input.name.trim(),
          country_code: input.country_code,
          creditor_type: input.creditor_type,
          bank_reference_prefix: input.bank_reference_prefix ?? null,
          created_at: ctx.clock.now(),
        }),
      );
    },

    /** Updates the given fields, writing one `updated` event per changed field (details.property). */
    async update(tx: Queryable, actor: Actor, id: string, input: CreditorUpdate): Promise<CreditorRow> {
      check(input);
      const before = await findCreditor(tx, actor.organisationId, id, { lock: true });
      const changed = CREDITOR_UPDATABLE.filter((f) => f in input && (input[f] ?? null) !== before[f]);
      if (!changed.length) return before;
      if (changed.includes('name') && !input.name) throw validationFailed([{ field: 'name', code: 'blank' }]);
      const change = Object.fromEntries(changed.map((f) => [f, input[f] ?? null])) as CreditorUpdate;
      recent.forget(id);
      const updated = await updateCreditor(tx, id, change, ctx.clock.now());
      for (const property of changed) await recordUpdated(tx, actor, id, property);
      return updated;
    },

    /**
     * The operator sets (or, with null, clears) the currency a creditor is paid in for collections
     * in a currency it has no payout account in (FX payouts, decision 0041): one `updated` event.
     */
    async setFxPayoutCurrency(tx: Queryable, creditorId: string, currency: string | null): Promise<CreditorRow> {
      if (currency !== null && !(CURRENCIES as readonly string[]).includes(currency))
        throw validationFailed([{ field: 'fx_payout_currency', code: 'invalid' }]);
      const before = await findCreditorById(tx, creditorId);
      if (!before) throw notFound('creditors');
      recent.forget(creditorId);
      const updated = await setFxPayoutCurrency(tx, creditorId, currency, ctx.clock.now());
      if (!updated) return before;
      const operator: Actor = {
        organisationId: before.organisation_id,
        origin: 'gocardless',
        source: { type: 'gc_team' },
      };
      await recordUpdated(tx, operator, creditorId, 'fx_payout_currency');
      return updated;
    },

    /**
     * Moves the creditor's verification status (verification details submitted, the sandbox's
     * creditor simulators): one `updated` event naming the property, none when it is unchanged.
     */
    async setVerificationStatus(
      tx: Queryable,
      actor: Actor,
      id: string,
      status: 'successful' | 'in_review' | 'action_required',
    ): Promise<CreditorRow> {
      const before = await findCreditor(tx, actor.organisationId, id, { lock: true });
      recent.forget(id);
      const updated = await setVerificationStatus(tx, id, status, ctx.clock.now());
      if (!updated) return before;
      await recordUpdated(tx, actor, id, 'verification_status');
      return updated;
    },
  };
}

export type CreditorService = ReturnType<typeof createCreditorService>;
