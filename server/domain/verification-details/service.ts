import type { Queryable } from '../../db/db';
import type { CreditorService } from '../creditors/service';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { validationFailed, type FieldIssue } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Page, PageRequest } from '../shared/pagination';
import {
  insertVerificationDetail,
  listVerificationDetails,
  type Director,
  type VerificationDetailRow,
} from './queries';

export interface CreateVerificationDetail {
  name: string;
  company_number: string;
  description: string;
  address_line1: string;
  address_line2?: string | null;
  address_line3?: string | null;
  city: string;
  postal_code: string;
  directors: Director[];
  links: { creditor: string };
}

const REQUIRED = ['name', 'company_number', 'description', 'address_line1', 'city', 'postal_code'] as const;
const DIRECTOR_REQUIRED = ['given_name', 'family_name', 'street', 'city', 'postal_code', 'country_code'] as const;

/** Blank after trimming is as good as missing: the reviewer needs every required field. */
function check(input: CreateVerificationDetail, today: string): FieldIssue[] {
  const issues: FieldIssue[] = REQUIRED.filter((f) => !input[f].trim()).map((field) => ({ field, code: 'blank' }));
  input.directors.forEach((director, i) => {
    for (const f of DIRECTOR_REQUIRED) {
      if (!director[f].trim()) issues.push({ field: `directors.${i}.${f}`, code: 'blank' });
    }
    if (director.date_of_birth > today) issues.push({ field: `directors.${i}.date_of_birth`, code: 'invalid' });
  });
  return issues;
}

/**
 * Verification details: the company and directors a creditor submits for verification. A
 * submission is kept as sent and puts the creditor `in_review` (unless already verified); the
 * review's outcome comes from the operator, or in the sandbox from the creditor simulators.
 */
export function createVerificationDetailService(ctx: DomainContext, deps: { creditors: CreditorService }) {
  const trimmed = (value: string | null | undefined) => value?.trim() || null;
  return {
    async create(
      tx: Queryable,
      actor: Actor,
      input: CreateVerificationDetail,
      options: { idempotencyKey?: string } = {},
    ): Promise<VerificationDetailRow> {
      const creditor = await asLink('creditor', () => deps.creditors.get(tx, actor, input.links.creditor));
      const now = ctx.clock.now();
      const issues = check(input, now.toISOString().slice(0, 10));
      if (issues.length) throw validationFailed(issues);
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, async () => {
        const row = await insertVerificationDetail(tx, {
          id: ctx.ids('verificationDetail'),
          organisation_id: actor.organisationId,
          creditor_id: creditor.id,
          name: input.name.trim(),
          company_number: input.company_number.trim(),
          description: input.description.trim(),
          address_line1: input.address_line1.trim(),
          address_line2: trimmed(input.address_line2),
          address_line3: trimmed(input.address_line3),
          city: input.city.trim(),
          region: null,
          postal_code: input.postal_code.trim(),
          country_code: creditor.country_code,
          directors: input.directors.map((d) => ({
            given_name: d.given_name.trim(),
            family_name: d.family_name.trim(),
            date_of_birth: d.date_of_birth,
            street: d.street.trim(),
            city: d.city.trim(),
            postal_code: d.postal_code.trim(),
            country_code: d.country_code,
          })),
          created_at: now,
        });
        if (creditor.verification_status !== 'successful') {
          await deps.creditors.setVerificationStatus(tx, actor, creditor.id, 'in_review');
        }
        return row;
      });
    },

    /** The creditor is required (public API); another organisation's is not found. */
    async list(
      db: Queryable,
      actor: Actor,
      creditorId: string,
      page: PageRequest,
    ): Promise<Page<VerificationDetailRow>> {
      await deps.creditors.get(db, actor, creditorId);
      return listVerificationDetails(db, actor.organisationId, creditorId, page);
    },
  };
}
