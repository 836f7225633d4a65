import type { Queryable } from '../../db/db';
import { findCreditor, listCreditorsOfOrganisation } from '../creditors/queries';
import { schemeIdentifierFor } from '../creditors/scheme-identifiers';
import type { CreditorRow } from '../creditors/types';
import { idempotentCreate } from '../idempotency/service';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Page, PageRequest } from '../shared/pagination';
import type { ClockWork, ScheduledTransition } from '../shared/schedule';
import { applyMove, bookFollowUps, canMove } from '../shared/state-machine';
import {
  findActiveIdentifier,
  findSchemeIdentifier,
  findSchemeIdentifierById,
  insertSchemeIdentifier,
  listIdentifiersOfCreditors,
  listSchemeIdentifiers,
} from './queries';
import { SCHEME_IDENTIFIER_MACHINE } from './state';
import { DEBIT_SCHEME_OF, identifierSchemeOf, type SchemeIdentifierRow, type SchemeIdentifierScheme } from './types';

export interface CreateSchemeIdentifier {
  name: string;
  scheme: SchemeIdentifierScheme;
  links?: { creditor?: string | null } | null;
}

/** Working days' notice before a first collection, by scheme (schemes.md: advance notice). */
const MINIMUM_ADVANCE_NOTICE: Partial<Record<Scheme, number>> = { bacs: 3, sepa_core: 2 };

/** What a mandate shows as the creditor's identifier in its scheme. */
export interface IdentifierForMandate {
  reference: string;
  /** The identifier's row, or null for the sandbox's test identifier (no row was asked for). */
  id: string | null;
}

/**
 * The identifier a mandate of `scheme` is taken under: the creditor's active one. In live a scheme
 * without one cannot take mandates; the sandbox falls back to a test identifier so a journey works
 * before any identifier is asked for (decision 0036).
 */
export async function identifierForMandate(
  db: Queryable,
  environment: DomainContext['environment'],
  creditor: CreditorRow,
  scheme: Scheme,
): Promise<IdentifierForMandate> {
  const active = await findActiveIdentifier(db, creditor.id, identifierSchemeOf(scheme));
  if (active) return { reference: active.reference, id: active.id };
  if (environment === 'live') {
    const wanted = identifierSchemeOf(scheme);
    throw new DomainError('scheme_identifier_not_active', { params: { scheme: wanted }, metadata: { scheme: wanted } });
  }
  return { reference: schemeIdentifierFor(creditor, scheme).reference, id: null };
}

/**
 * Scheme identifiers: the SUN / creditor identifier a creditor collects under in each scheme.
 * Asked for through the API and `pending` until the scheme registers it; in the sandbox the scheme
 * clock activates it at its next run (decision 0036). The reference is the service's own number of
 * the scheme's shape (registering with the schemes is outside this service).
 */
export function createSchemeIdentifierService(ctx: DomainContext) {
  const bank = (row: SchemeIdentifierRow): Actor => ({
    organisationId: row.organisation_id,
    origin: 'bank',
    source: { type: 'gc_team' },
  });

  async function creditorFor(db: Queryable, actor: Actor, id: string | null | undefined): Promise<CreditorRow> {
    if (id) return asLink('creditor', () => findCreditor(db, actor.organisationId, id));
    const creditors = await listCreditorsOfOrganisation(db, actor.organisationId, 2);
    if (creditors.length !== 1) throw validationFailed([{ field: 'links.creditor', code: 'required' }]);
    return creditors[0]!;
  }

  return {
    async create(
      tx: Queryable,
      actor: Actor,
      input: CreateSchemeIdentifier,
      options: { idempotencyKey?: string } = {},
    ): Promise<SchemeIdentifierRow> {
      const name = input.name.trim();
      if (!name) throw validationFailed([{ field: 'name', code: 'blank' }]);
      const creditor = await creditorFor(tx, actor, input.links?.creditor);
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, async () => {
        const debit = DEBIT_SCHEME_OF[input.scheme];
        const id = ctx.ids('schemeIdentifier');
        const now = ctx.clock.now();
        const row = await insertSchemeIdentifier(tx, {
          id,
          organisation_id: actor.organisationId,
          creditor_id: creditor.id,
          scheme: input.scheme,
          name,
          // Seeded by the new row's id, so a second identifier in a scheme is a new number.
          reference: schemeIdentifierFor({ ...creditor, id }, debit).reference,
          currency: CURRENCY_OF_SCHEME[debit],
          country_code: creditor.country_code,
          minimum_advance_notice: MINIMUM_ADVANCE_NOTICE[debit] ?? 1,
          can_specify_mandate_reference: false,
          address_line1: creditor.address_line1,
          address_line2: creditor.address_line2,
          address_line3: creditor.address_line3,
          city: creditor.city,
          region: creditor.region,
          postal_code: creditor.postal_code,
          email: null,
          phone_number: null,
          status: 'pending',
          created_at: now,
        });
        await bookFollowUps(tx, ctx, SCHEME_IDENTIFIER_MACHINE, 'created', row);
        return row;
      });
    },

    get: (db: Queryable, actor: Actor, id: string) => findSchemeIdentifier(db, actor.organisationId, id),

    /** Another organisation's creditor in the filter is not found, as on its own GET. */
    async list(
      db: Queryable,
      actor: Actor,
      filters: { creditor?: string },
      page: PageRequest,
    ): Promise<Page<SchemeIdentifierRow>> {
      if (filters.creditor) await findCreditor(db, actor.organisationId, filters.creditor);
      return listSchemeIdentifiers(db, actor.organisationId, filters, page);
    },

    /** The identifiers of a page of creditors (the creditor's `scheme_identifiers[]`). */
    ofCreditors: (db: Queryable, creditorIds: readonly string[]) => listIdentifiersOfCreditors(db, creditorIds),

    /** Activates a pending identifier (the sandbox's scheme clock, or the operator in live). */
    async activate(tx: Queryable, id: string): Promise<SchemeIdentifierRow> {
      const row = await findSchemeIdentifierById(tx, id, { lock: true });
      if (!row) throw new DomainError('resource_not_found', { params: { resource: 'scheme_identifiers' } });
      return applyMove(tx, ctx, SCHEME_IDENTIFIER_MACHINE, row, 'activate', {
        actor: bank(row),
        set: { activated_at: ctx.clock.now() },
      });
    },

    clockWork: {
      machine: SCHEME_IDENTIFIER_MACHINE,
      async apply(tx: Queryable, item: ScheduledTransition): Promise<void> {
        const row = await findSchemeIdentifierById(tx, item.resource_id, { lock: true });
        if (!row || item.transition !== 'activate' || !canMove(SCHEME_IDENTIFIER_MACHINE, row.status, 'activate'))
          return;
        await applyMove(tx, ctx, SCHEME_IDENTIFIER_MACHINE, row, 'activate', {
          actor: bank(row),
          set: { activated_at: ctx.clock.now() },
        });
      },
    } satisfies ClockWork,

    forMandate: (db: Queryable, creditor: CreditorRow, scheme: Scheme) =>
      identifierForMandate(db, ctx.environment, creditor, scheme),
  };
}
