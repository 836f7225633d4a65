import { z } from 'zod';
import { bankAuthorisationWire as wire, serializeBankAuthorisation } from '../wire/bank-authorisations';
import { DomainError } from '../../domain/shared/errors';
import { defineRoute, ok } from '../route';
import { optionalUri } from '../schemas';

const common = { tag: 'Bank authorisations', resourceKey: 'bank_authorisations', response: wire } as const;

export const bankAuthorisationRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/bank_authorisations',
    operationId: 'createBankAuthorisation',
    summary: 'Refused: bank authorisations are created only by the hosted payer flow',
    kind: 'create',
    status: 201,
    body: z.strictObject({
      redirect_uri: optionalUri(2000),
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
    status: 200,
    async handler({ services, tx, config, actor, params }) {
      return ok(
        'bank_authorisations',
        serializeBankAuthorisation(await services.bankAuthorisations.get(tx, actor, params.id), config),
      );
    },
  }),
];
