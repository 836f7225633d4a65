import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import type { EventService } from '../events/service';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { notFound, validationFailed, type FieldIssue } from '../shared/errors';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { BLOCK_TRANSITIONS, stateOf, type BlockMove } from './state';
import type { BlockFilters, BlockReason, BlockRow, BlockType } from './types';

export interface CreateBlock {
  block_type: BlockType;
  reason_type: BlockReason;
  reason_description?: string | null;
  resource_reference: string;
  active?: boolean | null;
}

/** Finds a customer bank account of the organisation for bank_account / bank_name blocks. */
export type BankAccountLookup = (
  tx: Queryable,
  organisationId: string,
  id: string,
) => Promise<{ id: string; fingerprint: string; bank_name: string | null } | null>;

/** What a block is kept as: the reference shown, and the normalised value mandates are matched on. */
interface Normalised {
  reference: string;
  match: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Normalises a block's reference, or says why it cannot be one. Bank account and bank name blocks
 * name an existing bank account; they match its fingerprint (the same account under any customer)
 * or its bank's name.
 */
async function normaliseReference(
  tx: Queryable,
  actor: Actor,
  input: CreateBlock,
  lookupBankAccount: BankAccountLookup,
): Promise<Normalised | FieldIssue> {
  const raw = input.resource_reference.trim();
  switch (input.block_type) {
    case 'email': {
      const email = raw.toLowerCase();
      return EMAIL.test(email) ? { reference: email, match: email } : { field: 'resource_reference', code: 'invalid_email' };
    }
    case 'email_domain': {
      const domain = raw.toLowerCase().replace(/^@/, '');
      return DOMAIN.test(domain) ? { reference: domain, match: domain } : { field: 'resource_reference', code: 'invalid_domain' };
    }
    case 'bank_account':
    case 'bank_name': {
      const account = await lookupBankAccount(tx, actor.organisationId, raw);
      if (!account) return { field: 'resource_reference', code: 'bank_account_not_found' };
      if (input.block_type === 'bank_account') return { reference: account.id, match: account.fingerprint };
      // Spec note: a bank's name cannot always be known; without one there is nothing to match.
      if (!account.bank_name) return { field: 'resource_reference', code: 'bank_name_unknown' };
      return { reference: account.id, match: account.bank_name.trim().toLowerCase() };
    }
  }
}

export function createBlockService(ctx: DomainContext, deps: { events: EventService; lookupBankAccount: BankAccountLookup }) {
  const { events } = deps;

  const recordEvent = (tx: Queryable, actor: Actor, block: BlockRow, action: string, description: string) =>
    events.record(tx, {
      organisationId: actor.organisationId,
      resourceType: 'blocks',
      action,
      links: { block: block.id },
      details: { origin: actor.origin, cause: `block_${action}`, description },
      source: actor.source,
    });

  async function find(db: Queryable, actor: Actor, id: string, lock = false): Promise<BlockRow> {
    const { rows } = await db.query<BlockRow>(
      `SELECT * FROM blocks WHERE id = $1 AND organisation_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, actor.organisationId],
    );
    if (!rows[0]) throw notFound('blocks');
    return rows[0];
  }

  async function insert(tx: Queryable, actor: Actor, input: CreateBlock, normalised: Normalised): Promise<BlockRow> {
    const now = ctx.clock.now();
    const { rows } = await tx.query<BlockRow>(
      `INSERT INTO blocks (id, organisation_id, block_type, reason_type, reason_description, resource_reference, match_value, active, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *`,
      [
        ctx.ids('block'),
        actor.organisationId,
        input.block_type,
        input.reason_type,
        input.reason_description?.trim() || null,
        normalised.reference,
        normalised.match,
        input.active ?? true,
        now,
      ],
    );
    const block = rows[0]!;
    await recordEvent(tx, actor, block, 'created', 'The block was created.');
    return block;
  }

  async function move(actor: Actor, id: string, name: BlockMove): Promise<BlockRow> {
    const transition = BLOCK_TRANSITIONS[name];
    return ctx.db.transaction(async (tx) => {
      const block = await find(tx, actor, id, true);
      if (stateOf(block.active) === transition.to) return block; // already there: nothing to record
      const { rows } = await tx.query<BlockRow>(
        'UPDATE blocks SET active = $3, updated_at = $4 WHERE id = $1 AND organisation_id = $2 RETURNING *',
        [id, actor.organisationId, transition.to === 'active', ctx.clock.now()],
      );
      const updated = rows[0]!;
      await recordEvent(tx, actor, updated, transition.action, `The block was ${transition.action}.`);
      return updated;
    });
  }

  return {
    async create(actor: Actor, input: CreateBlock, options: { idempotencyKey?: string } = {}): Promise<BlockRow> {
      const issues: FieldIssue[] = [];
      if (input.reason_type === 'other' && !input.reason_description?.trim()) {
        issues.push({ field: 'reason_description', code: 'required_when', params: { other: 'reason_type', value: 'other' } });
      }
      return ctx.db.transaction(async (tx) => {
        const normalised = await normaliseReference(tx, actor, input, deps.lookupBankAccount);
        if ('field' in normalised) issues.push(normalised);
        if (issues.length || 'field' in normalised) throw validationFailed(issues);
        return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () => insert(tx, actor, input, normalised));
      });
    },

    get: (actor: Actor, id: string) => find(ctx.db, actor, id),

    async list(actor: Actor, filters: BlockFilters, page: PageRequest): Promise<Page<BlockRow>> {
      const params = new Params();
      const where = [`organisation_id = ${params.add(actor.organisationId)}`];
      if (filters.blockType) where.push(`block_type = ${params.add(filters.blockType)}`);
      if (filters.reasonType) where.push(`reason_type = ${params.add(filters.reasonType)}`);
      whereInRange(where, params, 'created_at', filters.createdAt);
      return pageQuery<BlockRow>(ctx.db, { from: 'blocks', where, params }, page);
    },

    /**
     * Blocks from a customer's or a mandate's details: the customer's email and their bank
     * account(s). What is already blocked by an active block is not blocked twice; the answer says
     * whether anything new was made (spec: 201 if at least one block was created, 200 if none).
     */
    async blockByReference(
      actor: Actor,
      input: { reference_type: 'customer' | 'mandate'; reference_value: string; reason_type: BlockReason; reason_description?: string | null; active?: boolean | null },
    ): Promise<{ created: boolean; blocks: BlockRow[] }> {
      if (input.reason_type === 'other' && !input.reason_description?.trim()) {
        throw validationFailed([{ field: 'reason_description', code: 'required_when', params: { other: 'reason_type', value: 'other' } }]);
      }
      return ctx.db.transaction(async (tx) => {
        const { rows: owners } = await tx.query<{ customer_id: string; bank_account_id: string | null }>(
          input.reference_type === 'customer'
            ? 'SELECT id AS customer_id, NULL AS bank_account_id FROM customers WHERE id = $1 AND organisation_id = $2 AND removed_at IS NULL'
            : 'SELECT customer_id, customer_bank_account_id AS bank_account_id FROM mandates WHERE id = $1 AND organisation_id = $2',
          [input.reference_value, actor.organisationId],
        );
        const owner = owners[0];
        if (!owner) throw validationFailed([{ field: 'reference_value', code: 'not_found' }]);
        const { rows: emails } = await tx.query<{ email: string | null }>('SELECT email FROM customers WHERE id = $1', [owner.customer_id]);
        const { rows: accounts } = await tx.query<{ id: string; fingerprint: string }>(
          owner.bank_account_id
            ? 'SELECT id, fingerprint FROM customer_bank_accounts WHERE id = $1'
            : 'SELECT id, fingerprint FROM customer_bank_accounts WHERE customer_id = $1 ORDER BY id',
          [owner.bank_account_id ?? owner.customer_id],
        );
        const wanted: { type: BlockType; normalised: Normalised }[] = [];
        const email = emails[0]?.email?.trim().toLowerCase();
        if (email) wanted.push({ type: 'email', normalised: { reference: email, match: email } });
        for (const a of accounts) wanted.push({ type: 'bank_account', normalised: { reference: a.id, match: a.fingerprint } });

        const made: BlockRow[] = [];
        const existing: BlockRow[] = [];
        for (const w of wanted) {
          const { rows: already } = await tx.query<BlockRow>(
            'SELECT * FROM blocks WHERE organisation_id = $1 AND block_type = $2 AND match_value = $3 AND active LIMIT 1',
            [actor.organisationId, w.type, w.normalised.match],
          );
          if (already[0]) existing.push(already[0]);
          else made.push(await insert(tx, actor, { ...input, block_type: w.type, resource_reference: w.normalised.reference }, w.normalised));
        }
        return { created: made.length > 0, blocks: made.length ? made : existing };
      });
    },

    disable: (actor: Actor, id: string) => move(actor, id, 'disable'),
    enable: (actor: Actor, id: string) => move(actor, id, 'enable'),
  };
}

export type BlockService = ReturnType<typeof createBlockService>;
