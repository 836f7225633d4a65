import { Params } from '../../db/sql';
import type { Queryable } from '../../db/db';
import type { EventService } from '../events/service';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { findOwnedLegacy as findOwned, linkNotFound } from '../shared/lookup';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { CREDITOR_UPDATABLE, type CreditorRow, type CreditorUpdate } from './types';

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
  if (issues.length) throw validationFailed(issues);
}

export function createCreditorService(ctx: DomainContext, deps: { events: EventService }) {
  return {
    get: (actor: Actor, id: string) =>
      findOwned<CreditorRow>(ctx.db, 'creditors', actor.organisationId, id, { resource: 'creditors' }),

    /**
     * The creditor a request is for: the one named in links, or the organisation's only one
     * (spec: links.creditor is required only when the account manages several creditors).
     */
    async resolve(db: Queryable, actor: Actor, id: string | undefined | null): Promise<CreditorRow> {
      if (id) {
        const { rows } = await db.query<CreditorRow>('SELECT * FROM creditors WHERE id = $1 AND organisation_id = $2', [
          id,
          actor.organisationId,
        ]);
        if (!rows[0]) throw linkNotFound('creditor');
        return rows[0];
      }
      const { rows } = await db.query<CreditorRow>(
        'SELECT * FROM creditors WHERE organisation_id = $1 ORDER BY id LIMIT 2',
        [actor.organisationId],
      );
      if (rows.length !== 1) throw validationFailed([{ field: 'links.creditor', code: 'required' }]);
      return rows[0]!;
    },

    async list(actor: Actor, filters: { createdAt?: TimeRange }, page: PageRequest): Promise<Page<CreditorRow>> {
      const params = new Params();
      const where = [`organisation_id = ${params.add(actor.organisationId)}`];
      whereInRange(where, params, 'created_at', filters.createdAt);
      return pageQuery<CreditorRow>(ctx.db, { from: 'creditors', where, params }, page);
    },

    async create(actor: Actor, input: CreateCreditor, options: { idempotencyKey?: string } = {}): Promise<CreditorRow> {
      check(input);
      return ctx.db.transaction((tx) =>
        idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, async () => {
          const now = ctx.clock.now();
          const { rows } = await tx.query<CreditorRow>(
            `INSERT INTO creditors (id, organisation_id, name, country_code, creditor_type, bank_reference_prefix, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING *`,
            [
              ctx.ids('creditor'),
              actor.organisationId,
              input.name.trim(),
              input.country_code,
              input.creditor_type,
              input.bank_reference_prefix ?? null,
              now,
            ],
          );
          return rows[0]!;
        }),
      );
    },

    /** Updates the given fields, writing one `updated` event per changed field (details.property). */
    async update(actor: Actor, id: string, input: CreditorUpdate): Promise<CreditorRow> {
      check(input);
      return ctx.db.transaction(async (tx) => {
        const before = await findOwned<CreditorRow>(tx, 'creditors', actor.organisationId, id, {
          lock: true,
          resource: 'creditors',
        });
        const changed = CREDITOR_UPDATABLE.filter((f) => f in input && (input[f] ?? null) !== before[f]);
        if (!changed.length) return before;
        if (changed.includes('name') && !input.name)
          throw new DomainError('validation_failed', { fields: [{ field: 'name', code: 'blank' }] });
        const params = new Params();
        const sets = changed.map((f) => `${f} = ${params.add(input[f] ?? null)}`);
        const { rows } = await tx.query<CreditorRow>(
          `UPDATE creditors SET ${sets.join(', ')}, updated_at = ${params.add(ctx.clock.now())} WHERE id = ${params.add(id)} RETURNING *`,
          params.values,
        );
        for (const property of changed) {
          await deps.events.record(tx, {
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
        }
        return rows[0]!;
      });
    },
  };
}

export type CreditorService = ReturnType<typeof createCreditorService>;
