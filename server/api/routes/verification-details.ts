import { z } from 'zod';
import { serializeVerificationDetail, verificationDetailWire } from '../wire/verification-details';
import { cursorQuery, pageOf } from '../pagination';
import { defineRoute, listResult } from '../route';
import { isoDate } from '../schemas';

const text = (max = 255) => z.string().min(1).max(max);

const director = z.strictObject({
  given_name: text(),
  family_name: text(),
  date_of_birth: isoDate,
  street: text(),
  city: text(),
  postal_code: text(20),
  country_code: z.string().regex(/^[A-Z]{2}$/),
});

const common = {
  tag: 'Verification details',
  resourceKey: 'verification_details',
  response: verificationDetailWire,
} as const;

/** The company and directors a creditor submits for verification (they drive its verification_status). */
export const verificationDetailRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/verification_details',
    operationId: 'createVerificationDetail',
    summary: "Submit a creditor's company and directors for verification (the creditor goes in_review)",
    kind: 'create',
    status: 201,
    body: z.strictObject({
      name: text(),
      company_number: text(50),
      description: text(1000),
      address_line1: text(),
      address_line2: z.string().max(255).nullish(),
      address_line3: z.string().max(255).nullish(),
      city: text(),
      postal_code: text(20),
      directors: z.array(director).min(1).max(20),
      links: z.strictObject({ creditor: text(100) }),
    }),
    async handler({ services, tx, actor, body, idempotencyKey }) {
      const row = await services.verificationDetails.create(tx, actor, body, { idempotencyKey });
      // No Location: the public API has no GET for one verification detail.
      return { status: 201, body: { verification_details: serializeVerificationDetail(row) } };
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/verification_details',
    operationId: 'listVerificationDetails',
    summary: "List a creditor's verification details",
    kind: 'list',
    status: 200,
    query: z.strictObject({ ...cursorQuery, creditor: text(100) }),
    async handler({ services, tx, actor, query }) {
      const page = await services.verificationDetails.list(tx, actor, query.creditor, pageOf(query));
      return listResult('verification_details', page, serializeVerificationDetail);
    },
  }),
];
