import { z } from 'zod';
import { HOLDER_VERIFICATION_TYPES } from '../../domain/account-holder-verifications/types';
import { holderVerificationWire, serializeHolderVerification } from '../wire/bank-account-holder-verifications';
import { created, defineRoute, ok } from '../route';

const common = {
  tag: 'Bank account holder verifications',
  resourceKey: 'bank_account_holder_verifications',
  response: holderVerificationWire,
} as const;

export const holderVerificationRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/bank_account_holder_verifications',
    operationId: 'createBankAccountHolderVerification',
    summary: 'Verify the holder name of a customer bank account with its bank (confirmation of payee)',
    kind: 'create',
    status: 201,
    body: z.strictObject({
      type: z.enum(HOLDER_VERIFICATION_TYPES),
      // The spec: an alphanumeric reference some institutions use to identify an account.
      reference: z
        .string()
        .max(35)
        .regex(/^[A-Za-z0-9 ]*$/)
        .nullish(),
      links: z.strictObject({ bank_account: z.string().min(1).max(64) }),
    }),
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const verification = await services.holderVerifications.create(tx, actor, body, { idempotencyKey });
      return created(
        'bank_account_holder_verifications',
        serializeHolderVerification(verification),
        `${config.publicUrl}/bank_account_holder_verifications/${verification.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/bank_account_holder_verifications/:id',
    operationId: 'getBankAccountHolderVerification',
    summary: 'Get a bank account holder verification',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      const verification = await services.holderVerifications.get(tx, actor, params.id);
      return ok('bank_account_holder_verifications', serializeHolderVerification(verification));
    },
  }),
];
