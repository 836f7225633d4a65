import type { RowOf } from '../shared/table';
import type { Metadata } from '../shared/metadata';
import type { MandateRequest } from '../billing-requests/types';
import type { templatesTable } from './queries';

/** A mandate request's constraints as a template keeps them (the billing request's own shape). */
export type TemplateConstraints = NonNullable<MandateRequest['constraints']>;

/** What a merchant sets on a template: the public API's flat `mandate_request_*` / `payment_request_*` fields. */
export interface TemplateFields {
  name?: string | null;
  metadata?: Metadata;
  mandate_request_currency?: string | null;
  mandate_request_scheme?: string | null;
  mandate_request_description?: string | null;
  mandate_request_verify?: MandateRequest['verify'] | null;
  mandate_request_metadata?: Metadata | null;
  mandate_request_constraints?: TemplateConstraints | null;
  payment_request_amount?: number | null;
  payment_request_currency?: string | null;
  payment_request_description?: string | null;
  payment_request_scheme?: string | null;
  payment_request_metadata?: Metadata | null;
  redirect_uri?: string | null;
}

/** A row of `billing_request_templates` as stored: its table's declaration. */
export type TemplateRow = RowOf<typeof templatesTable>;

export interface TemplateFilters {
  paymentRequestScheme?: string;
}
