import { serializeTransferredMandate, transferredMandateWire } from '../wire/transferred-mandates';
import { defineRoute, ok } from '../route';

export const transferredMandateRoutes = [
  defineRoute({
    method: 'GET',
    path: '/transferred_mandates/:id',
    operationId: 'getTransferredMandate',
    summary:
      "The new bank details of a mandate the payer's bank transferred, encrypted (RSA-OAEP-256 + A256GCM) to the organisation's registered JWKS",
    tag: 'Transferred mandates',
    resourceKey: 'transferred_mandates',
    response: transferredMandateWire,
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok(
        'transferred_mandates',
        serializeTransferredMandate(await services.mandateTransfers.get(tx, actor, params.id)),
      );
    },
  }),
];
