import { z } from 'zod';
import type { PayerAuthorisationRow } from '../../domain/payer-authorisations/types';
import type { Services } from '../../container';
import type { Language } from '../../../i18n/languages';
import { payerAuthorisationWire, serializePayerAuthorisation } from '../wire/payer-authorisations';
import { created, defineRoute, ok } from '../route';
import { metadata, optionalString } from '../schemas';
import { bankDetailsFields } from './customer-bank-accounts';

/** The three objects, every field optional: saved even when incomplete (spec). */
const body = z.strictObject({
  customer: z
    .strictObject({
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
      locale: optionalString(10),
      metadata,
      postal_code: optionalString(20),
      region: optionalString(),
      swedish_identity_number: optionalString(20),
    })
    .nullish(),
  bank_account: z.strictObject(bankDetailsFields).nullish(),
  mandate: z
    .strictObject({
      metadata,
      payer_ip_address: optionalString(45),
      reference: optionalString(35),
      scheme: optionalString(20),
    })
    .nullish(),
});

const answer = (services: Services, row: PayerAuthorisationRow, lang: Language) =>
  serializePayerAuthorisation(row, services.payerAuthorisations.incomplete(row), lang);

const common = {
  tag: 'Payer authorisations (deprecated: use billing requests)',
  resourceKey: 'payer_authorisations',
  response: payerAuthorisationWire,
} as const;

export const payerAuthorisationRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/payer_authorisations',
    operationId: 'createPayerAuthorisation',
    summary: 'Create a payer authorisation (deprecated; closed unless the operator opened it)',
    kind: 'create',
    status: 201,
    body,
    async handler({ services, tx, config, actor, body, idempotencyKey, lang }) {
      const row = await services.payerAuthorisations.create(tx, actor, body, { idempotencyKey });
      return created(
        'payer_authorisations',
        answer(services, row, lang),
        `${config.publicUrl}/payer_authorisations/${row.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/payer_authorisations/:id',
    operationId: 'getPayerAuthorisation',
    summary: 'Get a payer authorisation (deprecated)',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params, lang }) {
      const row = await services.payerAuthorisations.get(tx, actor, params.id);
      return ok('payer_authorisations', answer(services, row, lang));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/payer_authorisations/:id',
    operationId: 'updatePayerAuthorisation',
    summary: 'Update a payer authorisation: only the fields sent change, metadata is replaced whole (deprecated)',
    kind: 'update',
    status: 200,
    body,
    async handler({ services, tx, actor, params, body, lang }) {
      const row = await services.payerAuthorisations.update(tx, actor, params.id, body);
      return ok('payer_authorisations', answer(services, row, lang));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/payer_authorisations/:id/actions/submit',
    operationId: 'submitPayerAuthorisation',
    summary: 'Submit a payer authorisation: refused while incomplete; no edits after (deprecated)',
    kind: 'action',
    status: 200,
    bodyKeys: ['payer_authorisations'],
    async handler({ services, tx, actor, params, lang }) {
      const row = await services.payerAuthorisations.submit(tx, actor, params.id);
      return ok('payer_authorisations', answer(services, row, lang));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/payer_authorisations/:id/actions/confirm',
    operationId: 'confirmPayerAuthorisation',
    summary: 'Confirm a submitted payer authorisation: its customer, bank account and mandate follow (deprecated)',
    kind: 'action',
    status: 200,
    bodyKeys: ['payer_authorisations'],
    async handler({ services, tx, actor, params, lang }) {
      const row = await services.payerAuthorisations.confirm(tx, actor, params.id);
      return ok('payer_authorisations', answer(services, row, lang));
    },
  }),
];
