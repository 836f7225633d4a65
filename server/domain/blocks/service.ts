import type { Queryable } from '../../db/db';
import { findAccountIdentity, listAccountIdentitiesOfCustomer, type AccountIdentity } from '../bank-accounts/queries';
import { findCustomerEmail, findLiveCustomerEmail } from '../customers/queries';
import { recordEvent } from '../events/queries';
import { idempotentCreate } from '../idempotency/service';
import { findMandateParties } from '../mandates/queries';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { validationFailed, type FieldIssue } from '../shared/errors';
import type { Page, PageRequest } from '../shared/pagination';
import { domainMatchValue, emailMatchValue, isEmailAddress } from '../shared/email';
import { applyMove } from '../shared/state-machine';
import { findActiveBlock, findBlock, insertBlock, listBlocks } from './queries';
import { BLOCK_MACHINE, type BlockMove } from './state';
import type { BlockFilters, BlockReason, BlockRow, BlockType, ListedBlock } from './types';

export interface CreateBlock {
  block_type: BlockType;
  reason_type: BlockReason;
  reason_description?: string | null;
  resource_reference: string;
  active?: boolean | null;
}

export interface BlockByReference {
  reference_type: 'customer' | 'mandate';
  reference_value: string;
  reason_type: BlockReason;
  reason_description?: string | null;
  active?: boolean | null;
}

/** What a block is kept as: the reference shown, and the normalised value mandates are matched on. */
interface Normalised {
  reference: string;
  match: string;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const descriptionRequired = (input: {
  reason_type: BlockReason;
  reason_description?: string | null;
}): FieldIssue | undefined =>
  input.reason_type === 'other' && !input.reason_description?.trim()
    ? { field: 'reason_description', code: 'required_when', params: { other: 'reason_type', value: 'other' } }
    : undefined;

/**
 * Normalises a block's reference, or says why it cannot be one. Bank account and bank name blocks
 * name an existing bank account; they match its fingerprint (the same account under any customer)
 * or its bank's name.
 */
async function normaliseReference(tx: Queryable, actor: Actor, input: CreateBlock): Promise<Normalised | FieldIssue> {
  const raw = input.resource_reference.trim();
  switch (input.block_type) {
    case 'email': {
      const email = raw.toLowerCase();
      return isEmailAddress(email)
        ? { reference: email, match: emailMatchValue(email) }
        : { field: 'resource_reference', code: 'invalid_email' };
    }
    case 'email_domain': {
      const domain = domainMatchValue(raw);
      return DOMAIN.test(domain)
        ? { reference: domain, match: domain }
        : { field: 'resource_reference', code: 'invalid_domain' };
    }
    case 'bank_account':
    case 'bank_name': {
      const account = await findAccountIdentity(tx, actor.organisationId, raw);
      if (!account) return { field: 'resource_reference', code: 'bank_account_not_found' };
      if (input.block_type === 'bank_account') return { reference: account.id, match: account.fingerprint };
      // Spec note: a bank's name cannot always be known; without one there is nothing to match.
      if (!account.bank_name) return { field: 'resource_reference', code: 'bank_name_unknown' };
      return { reference: account.id, match: account.bank_name.trim().toLowerCase() };
    }
  }
}

/** Blocks: use cases taking the caller's unit of work (`tx`) first, as every service does. */
export function createBlockService(ctx: DomainContext) {
  async function insert(tx: Queryable, actor: Actor, input: CreateBlock, normalised: Normalised): Promise<BlockRow> {
    const block = await insertBlock(tx, {
      id: ctx.ids('block'),
      organisation_id: actor.organisationId,
      block_type: input.block_type,
      reason_type: input.reason_type,
      reason_description: input.reason_description?.trim() || null,
      resource_reference: normalised.reference,
      match_value: normalised.match,
      status: input.active === false ? 'disabled' : 'active',
      created_at: ctx.clock.now(),
    });
    await recordEvent(tx, ctx, {
      organisationId: actor.organisationId,
      resourceType: 'blocks',
      action: 'created',
      links: { block: block.id },
      details: { origin: actor.origin, cause: 'block_created', description: 'Block created.' },
      source: actor.source,
    });
    return block;
  }

  /** Who a block_by_ref names: their email and their bank account(s), or nothing. */
  async function partiesOf(
    tx: Queryable,
    actor: Actor,
    input: BlockByReference,
  ): Promise<{ email: string | null; accounts: AccountIdentity[] } | undefined> {
    const org = actor.organisationId;
    if (input.reference_type === 'customer') {
      const customer = await findLiveCustomerEmail(tx, org, input.reference_value);
      return (
        customer && { email: customer.email, accounts: await listAccountIdentitiesOfCustomer(tx, org, customer.id) }
      );
    }
    const mandate = await findMandateParties(tx, org, input.reference_value);
    if (!mandate) return undefined;
    const account = await findAccountIdentity(tx, org, mandate.customer_bank_account_id);
    return { email: await findCustomerEmail(tx, org, mandate.customer_id), accounts: account ? [account] : [] };
  }

  async function move(tx: Queryable, actor: Actor, id: string, name: BlockMove): Promise<BlockRow> {
    const block = await findBlock(tx, actor.organisationId, id, { lock: true });
    return applyMove(tx, ctx, BLOCK_MACHINE, block, name, { actor });
  }

  return {
    async create(
      tx: Queryable,
      actor: Actor,
      input: CreateBlock,
      options: { idempotencyKey?: string } = {},
    ): Promise<BlockRow> {
      const issues: FieldIssue[] = [];
      const missing = descriptionRequired(input);
      if (missing) issues.push(missing);
      const normalised = await normaliseReference(tx, actor, input);
      if ('field' in normalised) issues.push(normalised);
      if (issues.length || 'field' in normalised) throw validationFailed(issues);
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () => insert(tx, actor, input, normalised));
    },

    get: (db: Queryable, actor: Actor, id: string) => findBlock(db, actor.organisationId, id),

    list: (db: Queryable, actor: Actor, filters: BlockFilters, page: PageRequest): Promise<Page<ListedBlock>> =>
      listBlocks(db, actor.organisationId, filters, page),

    /**
     * Blocks from a customer's or a mandate's details: the customer's email and their bank
     * account(s). What is already blocked by an active block is not blocked twice; the answer says
     * whether anything new was made (spec: 201 if at least one block was created, 200 if none).
     */
    async blockByReference(
      tx: Queryable,
      actor: Actor,
      input: BlockByReference,
    ): Promise<{ created: boolean; blocks: BlockRow[] }> {
      const missing = descriptionRequired(input);
      if (missing) throw validationFailed([missing]);
      const parties = await partiesOf(tx, actor, input);
      if (!parties) throw validationFailed([{ field: 'reference_value', code: 'not_found' }]);
      const wanted: { type: BlockType; normalised: Normalised }[] = [];
      const email = parties.email?.trim().toLowerCase();
      if (email) wanted.push({ type: 'email', normalised: { reference: email, match: emailMatchValue(email) } });
      for (const a of parties.accounts)
        wanted.push({ type: 'bank_account', normalised: { reference: a.id, match: a.fingerprint } });

      const made: BlockRow[] = [];
      const existing: BlockRow[] = [];
      for (const w of wanted) {
        const already = await findActiveBlock(tx, actor.organisationId, w.type, w.normalised.match);
        if (already) existing.push(already);
        else
          made.push(
            await insert(
              tx,
              actor,
              { ...input, block_type: w.type, resource_reference: w.normalised.reference },
              w.normalised,
            ),
          );
      }
      return { created: made.length > 0, blocks: made.length ? made : existing };
    },

    disable: (tx: Queryable, actor: Actor, id: string) => move(tx, actor, id, 'disable'),
    enable: (tx: Queryable, actor: Actor, id: string) => move(tx, actor, id, 'enable'),
  };
}
