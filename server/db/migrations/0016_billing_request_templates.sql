-- Billing request templates: a merchant's reusable payment link. Each payer who opens the link
-- gets a fresh billing request and flow made from these fields (the public API's flat
-- `mandate_request_*` / `payment_request_*` shape, kept as sent). Keep to what Postgres 15 supports.

CREATE TABLE billing_request_templates (
  id                          text PRIMARY KEY,
  organisation_id             text NOT NULL REFERENCES organisations (id),
  creditor_id                 text NOT NULL REFERENCES creditors (id),
  name                        text,
  metadata                    jsonb NOT NULL DEFAULT '{}'::jsonb,
  mandate_request_currency    text,
  mandate_request_scheme      text,
  mandate_request_description text,
  mandate_request_verify      text,
  mandate_request_metadata    jsonb,
  mandate_request_constraints jsonb,
  payment_request_amount      bigint CHECK (payment_request_amount > 0),
  payment_request_currency    text,
  payment_request_description text,
  payment_request_scheme      text,
  payment_request_metadata    jsonb,
  redirect_uri                text,
  created_at                  timestamptz NOT NULL,
  updated_at                  timestamptz NOT NULL
);
-- Lists page by id within an organisation, optionally of one payment scheme.
CREATE INDEX billing_request_templates_organisation ON billing_request_templates (organisation_id, id);
CREATE INDEX billing_request_templates_payment_scheme
  ON billing_request_templates (organisation_id, payment_request_scheme, id);
