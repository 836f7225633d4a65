import { z } from 'zod';
import type { Config } from '../../config';
import type { Services } from '../../container';
import { REDIRECT_FLOW_SCHEMES, type RedirectFlowRow } from '../../domain/redirect-flows/types';
import type { Actor } from '../../domain/shared/actor';
import type { Queryable } from '../../db/db';
import { redirectFlowWire, serializeRedirectFlow } from '../wire/redirect-flows';
import { created, defineRoute, ok } from '../route';
import { metadata, optionalString } from '../schemas';

const prefilledCustomer = z.strictObject({
  address_line1: optionalString(),
  address_line2: optionalString(),
  address_line3: optionalString(),
  city: optionalString(),
  company_name: optionalString(),
  country_code: optionalString(2),
  danish_identity_number: optionalString(20),
  email: optionalString(254),
  family_name: optionalString(),
  given_name: optionalString(),
  language: optionalString(5),
  phone_number: optionalString(30),
  postal_code: optionalString(20),
  region: optionalString(),
  swedish_identity_number: optionalString(20),
});

const createBody = z.strictObject({
  session_token: z.string().min(1).max(255),
  success_redirect_url: z.string().min(1).max(2000),
  description: optionalString(100),
  metadata,
  scheme: z.enum(REDIRECT_FLOW_SCHEMES).nullish(),
  links: z.strictObject({ creditor: optionalString() }).nullish(),
  prefilled_customer: prefilledCustomer.nullish(),
  prefilled_bank_account: z.strictObject({ account_type: z.enum(['savings', 'checking']).nullish() }).nullish(),
});

const completeBody = z.strictObject({ session_token: z.string().min(1).max(255) });

/** The mandate's reference once completed (asked of the mandates' owner). */
async function answer(services: Services, db: Queryable, actor: Actor, row: RedirectFlowRow, config: Config) {
  const mandate = row.mandate_id ? await services.mandates.get(db, actor, row.mandate_id) : null;
  return serializeRedirectFlow(row, { publicUrl: config.publicUrl, mandateReference: mandate?.reference });
}

const common = {
  tag: 'Redirect flows (legacy: use billing requests)',
  resourceKey: 'redirect_flows',
  response: redirectFlowWire,
} as const;

export const redirectFlowRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/redirect_flows',
    operationId: 'createRedirectFlow',
    summary: 'Create a redirect flow: send the payer to its redirect_url (legacy)',
    kind: 'create',
    status: 201,
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const row = await services.redirectFlows.create(tx, actor, body, { idempotencyKey });
      return created(
        'redirect_flows',
        await answer(services, tx, actor, row, config),
        `${config.publicUrl}/redirect_flows/${row.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/redirect_flows/:id',
    operationId: 'getRedirectFlow',
    summary: 'Get a redirect flow (legacy)',
    kind: 'read',
    status: 200,
    async handler({ services, tx, config, actor, params }) {
      const row = await services.redirectFlows.get(tx, actor, params.id);
      return ok('redirect_flows', await answer(services, tx, actor, row, config));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/redirect_flows/:id/actions/complete',
    operationId: 'completeRedirectFlow',
    summary:
      'Complete a redirect flow the payer finished, with its session token, within 30 minutes: makes customer, bank account and mandate (legacy)',
    kind: 'action',
    status: 200,
    bodyKeys: ['redirect_flows'],
    body: completeBody,
    async handler({ services, tx, config, actor, params, body }) {
      const row = await services.redirectFlows.complete(tx, actor, params.id, body.session_token);
      return ok('redirect_flows', await answer(services, tx, actor, row, config));
    },
  }),
];
