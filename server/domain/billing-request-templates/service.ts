import type { Queryable } from '../../db/db';
import type { BillingRequestCore, CreateBillingRequest } from '../billing-requests/service';
import { checkBillingRequest } from '../billing-requests/rules';
import type { CreditorService } from '../creditors/service';
import { checkMerchantUri, type FlowService } from '../flows/service';
import type { FlowRow } from '../flows/types';
import { idempotentCreate } from '../idempotency/service';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { validationFailed, type FieldIssue } from '../shared/errors';
import type { Page, PageRequest } from '../shared/pagination';
import {
  findTemplate,
  findTemplateById,
  insertTemplate,
  listTemplates,
  replaceTemplate,
  type TemplateValues,
} from './queries';
import type { TemplateFields, TemplateFilters, TemplateRow } from './types';

const MANDATE_FIELDS = [
  'mandate_request_currency',
  'mandate_request_scheme',
  'mandate_request_description',
  'mandate_request_verify',
  'mandate_request_metadata',
  'mandate_request_constraints',
] as const;
const PAYMENT_FIELDS = [
  'payment_request_amount',
  'payment_request_currency',
  'payment_request_description',
  'payment_request_scheme',
  'payment_request_metadata',
] as const;

const given = (fields: TemplateFields, names: readonly (keyof TemplateFields)[]) =>
  names.some((name) => fields[name] !== null && fields[name] !== undefined);

/**
 * The billing request a template makes for each payer: its mandate request when any
 * `mandate_request_*` field is set, its payment request when any `payment_request_*` is.
 */
export function billingRequestOf(t: TemplateFields): CreateBillingRequest {
  const mandateCurrency =
    t.mandate_request_currency ??
    (t.mandate_request_scheme ? CURRENCY_OF_SCHEME[t.mandate_request_scheme as Scheme] : undefined);
  return {
    mandate_request: given(t, MANDATE_FIELDS)
      ? {
          currency: mandateCurrency!,
          scheme: t.mandate_request_scheme ?? null,
          description: t.mandate_request_description ?? null,
          metadata: t.mandate_request_metadata ?? {},
          constraints: t.mandate_request_constraints ?? null,
          funds_settlement: 'managed',
          verify: t.mandate_request_verify ?? 'recommended',
        }
      : null,
    payment_request: given(t, PAYMENT_FIELDS)
      ? {
          amount: t.payment_request_amount!,
          currency: t.payment_request_currency!,
          description: t.payment_request_description ?? null,
          scheme: t.payment_request_scheme ?? null,
          metadata: t.payment_request_metadata ?? {},
          funds_settlement: 'managed',
          retry_if_possible: false,
        }
      : null,
    metadata: t.metadata ?? {},
  };
}

/** `mandate_request.constraints.x` as the template names it: `mandate_request_constraints.x`. */
const flatField = (field: string) => field.replace(/^(mandate|payment)_request\./, '$1_request_');

/** Every rule a billing request made from the template would break, named by the template's fields. */
function checkTemplate(fields: TemplateFields, environment: 'sandbox' | 'live', now: Date): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const wantsMandate = given(fields, MANDATE_FIELDS);
  const wantsPayment = given(fields, PAYMENT_FIELDS);
  if (!wantsMandate && !wantsPayment) issues.push({ field: 'payment_request_amount', code: 'required' });
  if (wantsMandate && !fields.mandate_request_currency && !fields.mandate_request_scheme)
    issues.push({ field: 'mandate_request_currency', code: 'required' });
  if (wantsPayment) {
    if (!fields.payment_request_amount) issues.push({ field: 'payment_request_amount', code: 'required' });
    if (!fields.payment_request_currency) issues.push({ field: 'payment_request_currency', code: 'required' });
  }
  if (fields.redirect_uri) {
    const issue = checkMerchantUri(fields.redirect_uri, 'redirect_uri', environment);
    if (issue) issues.push(issue);
  }
  if (issues.length) return issues;
  const { issues: requestIssues, unsupportedByScheme } = checkBillingRequest(billingRequestOf(fields), now);
  return [...requestIssues, ...unsupportedByScheme].map((issue) => ({ ...issue, field: flatField(issue.field) }));
}

const valuesOf = (f: TemplateFields): TemplateValues => ({
  name: f.name ?? null,
  metadata: f.metadata ?? {},
  mandate_request_currency: f.mandate_request_currency ?? null,
  mandate_request_scheme: f.mandate_request_scheme ?? null,
  mandate_request_description: f.mandate_request_description ?? null,
  mandate_request_verify: f.mandate_request_verify ?? null,
  mandate_request_metadata: f.mandate_request_metadata ?? null,
  mandate_request_constraints: f.mandate_request_constraints ?? null,
  payment_request_amount: f.payment_request_amount ?? null,
  payment_request_currency: f.payment_request_currency ?? null,
  payment_request_description: f.payment_request_description ?? null,
  payment_request_scheme: f.payment_request_scheme ?? null,
  payment_request_metadata: f.payment_request_metadata ?? null,
  redirect_uri: f.redirect_uri ?? null,
});

/** The fields a request named: an absent key changes nothing, a null one clears the field. */
const definedFields = (input: TemplateFields): TemplateFields =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));

const TEMPLATE_ID = /^BRT[0-9A-HJKMNP-TV-Z]{26}$/;

/** Billing request templates: the merchant's use cases, and the public link's (one request per payer). */
export function createTemplateService(
  ctx: DomainContext,
  deps: { creditors: CreditorService; billingRequests: BillingRequestCore; flows: FlowService },
) {
  const refuseBroken = (fields: TemplateFields) => {
    const issues = checkTemplate(fields, ctx.environment, ctx.clock.now());
    if (issues.length) throw validationFailed(issues);
  };

  return {
    async create(
      tx: Queryable,
      actor: Actor,
      input: TemplateFields & { links?: { creditor?: string | null } | null },
      options: { idempotencyKey?: string } = {},
    ): Promise<TemplateRow> {
      refuseBroken(input);
      const creditor = await deps.creditors.resolve(tx, actor, input.links?.creditor);
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
        insertTemplate(tx, {
          id: ctx.ids('billingRequestTemplate'),
          organisation_id: actor.organisationId,
          creditor_id: creditor.id,
          created_at: ctx.clock.now(),
          ...valuesOf(input),
        }),
      );
    },

    /**
     * PUT changes the fields it names (null clears one) and keeps the others; the template as it
     * then is must still make a billing request. Requests already made from it keep what they had.
     */
    async update(tx: Queryable, actor: Actor, id: string, input: TemplateFields): Promise<TemplateRow> {
      const before = await findTemplate(tx, actor.organisationId, id, { lock: true });
      const merged: TemplateFields = { ...valuesOf(before), ...definedFields(input) };
      refuseBroken(merged);
      return replaceTemplate(tx, id, valuesOf(merged), ctx.clock.now());
    },

    /** `lock`: for a caller that reads the template and then replaces it in one unit of work. */
    get: (db: Queryable, actor: Actor, id: string, options: { lock?: boolean } = {}) =>
      findTemplate(db, actor.organisationId, id, options),

    list: (db: Queryable, actor: Actor, filters: TemplateFilters, page: PageRequest): Promise<Page<TemplateRow>> =>
      listTemplates(db, actor.organisationId, filters, page),

    /** For the public link's landing page: the template and whom it pays (a read: nothing is written). */
    async findForPayer(
      db: Queryable,
      id: string,
    ): Promise<{ template: TemplateRow; creditorName: string } | undefined> {
      const template = TEMPLATE_ID.test(id) ? await findTemplateById(db, id) : undefined;
      if (!template) return undefined;
      const owner: Actor = {
        organisationId: template.organisation_id,
        origin: 'payer',
        source: { type: 'hosted_payment_page' },
      };
      return { template, creditorName: (await deps.creditors.resolve(db, owner, template.creditor_id)).name };
    },

    /**
     * A payer pressed Continue on the link: a fresh billing request and flow from the template, as
     * the template's organisation, in the caller's unit of work.
     */
    async openForPayer(tx: Queryable, template: TemplateRow): Promise<FlowRow> {
      const actor: Actor = {
        organisationId: template.organisation_id,
        origin: 'payer',
        source: { type: 'hosted_payment_page', name: template.id },
      };
      const request = await deps.billingRequests.create(
        tx,
        actor,
        { ...billingRequestOf(template), links: { creditor: template.creditor_id } },
        { template: template.id },
      );
      return deps.flows.create(tx, actor, {
        redirect_uri: template.redirect_uri,
        links: { billing_request: request.request.id },
      });
    },
  };
}
