import { z } from 'zod';
import { serializeBankAuthorisation } from '../../domain/bank-authorisations/serialize';
import { DomainError } from '../../domain/shared/errors';
import { defineRoute, ok } from '../route';

const wire = z.object({
  id: z.string(),
  authorisation_type: z.enum(['mandate', 'payment']),
  url: z.string(),
  qr_code_url: z.string(),
  redirect_uri: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_visited_at: z.string().optional(),
  authorised_at: z.string().optional(),
  links: z.object({ billing_request: z.string(), institution: z.string() }),
});

const common = { tag: 'Bank authorisations', resourceKey: 'bank_authorisations', response: wire } as const;

export const bankAuthorisationRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/bank_authorisations',
    operationId: 'createBankAuthorisation',
    summary: 'Refused: bank authorisations are created only by the hosted payer flow',
    kind: 'create',
    body: z.strictObject({
      redirect_uri: z.string().nullish(),
      links: z.strictObject({ billing_request: z.string() }).nullish(),
    }),
    async handler() {
      // Spec: creation is only permitted from the service's hosted UIs (billing request flows).
      throw new DomainError('forbidden', { messageKey: 'reason.bank_authorisation_hosted_only' });
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/bank_authorisations/:id',
    operationId: 'getBankAuthorisation',
    summary: 'Get a bank authorisation',
    kind: 'read',
    async handler({ services, config, actor, params }) {
      return ok(
        'bank_authorisations',
        serializeBankAuthorisation(await services.bankAuthorisations.get(actor, params.id!), config),
      );
    },
  }),
];
