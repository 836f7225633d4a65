import { z } from 'zod';
import { creditorWire, serializeCreditor } from '../wire/creditors';
import { CREDITOR_TYPES } from '../../domain/creditors/types';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { optionalString } from '../schemas';

const createBody = z.strictObject({
  name: z.string().min(1).max(255),
  country_code: z.string().regex(/^[A-Z]{2}$/),
  creditor_type: z.enum(CREDITOR_TYPES),
  bank_reference_prefix: optionalString(6),
});

const PAYOUT_LINK_CURRENCIES = ['aud', 'cad', 'dkk', 'eur', 'gbp', 'nzd', 'sek', 'usd'] as const;

const updateBody = z.strictObject({
  name: z.string().min(1).max(255).optional(),
  address_line1: optionalString(),
  address_line2: optionalString(),
  address_line3: optionalString(),
  city: optionalString(),
  region: optionalString(),
  postal_code: optionalString(20),
  country_code: optionalString(2),
  bank_reference_prefix: optionalString(6),
  // Not in the public API's creditor: how payers reach the creditor, shown on its payer pages (decision 0033).
  email: optionalString(254),
  phone_number: optionalString(30),
  // A creditor bank account's id makes it that currency's default payout account; null changes nothing.
  links: z
    .strictObject(
      Object.fromEntries(
        PAYOUT_LINK_CURRENCIES.map((c) => [`default_${c}_payout_account`, z.string().min(1).max(100).nullish()]),
      ),
    )
    .optional(),
});

const common = { tag: 'Creditors', resourceKey: 'creditors', response: creditorWire } as const;

export const creditorRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/creditors',
    operationId: 'createCreditor',
    summary: 'Create a creditor (live: white-label partners only)',
    kind: 'create',
    status: 201,
    liveRestriction: 'white_label',
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const creditor = await services.creditors.create(tx, actor, body, { idempotencyKey });
      return created('creditors', serializeCreditor(creditor), `${config.publicUrl}/creditors/${creditor.id}`);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/creditors',
    operationId: 'listCreditors',
    summary: 'List creditors',
    kind: 'list',
    status: 200,
    query: z.strictObject({ ...cursorQuery, created_at: timeRangeQuery.optional() }),
    async handler({ services, tx, actor, query }) {
      const page = await services.creditors.list(tx, actor, { createdAt: query.created_at }, pageOf(query));
      const accounts = await services.creditorBankAccounts.defaultsOf(
        tx,
        page.items.map((c) => c.id),
      );
      const identifiers = await services.schemeIdentifiers.ofCreditors(
        tx,
        page.items.map((c) => c.id),
      );
      return listResult('creditors', page, (c) =>
        serializeCreditor(
          c,
          accounts.filter((a) => a.creditor_id === c.id),
          identifiers,
        ),
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/creditors/:id',
    operationId: 'getCreditor',
    summary: 'Get a creditor',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      const creditor = await services.creditors.get(tx, actor, params.id);
      return ok(
        'creditors',
        serializeCreditor(
          creditor,
          await services.creditorBankAccounts.defaultsOf(tx, [creditor.id]),
          await services.schemeIdentifiers.ofCreditors(tx, [creditor.id]),
        ),
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/creditors/:id',
    operationId: 'updateCreditor',
    summary: 'Update a creditor',
    kind: 'update',
    status: 200,
    body: updateBody,
    async handler({ services, tx, actor, params, body }) {
      const { links, ...changes } = body;
      const creditor = await services.creditors.update(tx, actor, params.id, changes);
      for (const [link, accountId] of Object.entries(links ?? {})) {
        const currency = link.slice('default_'.length, -'_payout_account'.length).toUpperCase();
        if (accountId)
          await services.creditorBankAccounts.makeDefaultPayoutAccount(tx, actor, creditor.id, currency, accountId);
      }
      return ok(
        'creditors',
        serializeCreditor(
          creditor,
          await services.creditorBankAccounts.defaultsOf(tx, [creditor.id]),
          await services.schemeIdentifiers.ofCreditors(tx, [creditor.id]),
        ),
      );
    },
  }),
];
