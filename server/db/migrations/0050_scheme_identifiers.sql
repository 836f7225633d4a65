-- Scheme identifiers (SUN, SEPA Creditor Identifier, Bankgiro number…): one row per identifier a
-- creditor asked for, `pending` until the scheme (in the sandbox, the scheme clock) activates it.
-- Mandates and the payer's confirmation page use the creditor's newest active one for their scheme.
-- Keep to what Postgres 15 supports.

CREATE TABLE scheme_identifiers (
  id                            text PRIMARY KEY,
  organisation_id               text NOT NULL REFERENCES organisations (id),
  creditor_id                   text NOT NULL REFERENCES creditors (id),
  scheme                        text NOT NULL CHECK (scheme IN (
    'ach', 'autogiro', 'bacs', 'becs', 'becs_nz', 'betalingsservice', 'faster_payments', 'pad', 'pay_to',
    'sepa', 'sepa_credit_transfer', 'sepa_instant_credit_transfer')),
  name                          text NOT NULL,
  reference                     text NOT NULL,
  currency                      text NOT NULL,
  country_code                  text NOT NULL,
  minimum_advance_notice        integer NOT NULL CHECK (minimum_advance_notice >= 0),
  can_specify_mandate_reference boolean NOT NULL DEFAULT false,
  address_line1                 text,
  address_line2                 text,
  address_line3                 text,
  city                          text,
  region                        text,
  postal_code                   text,
  email                         text,
  phone_number                  text,
  status                        text NOT NULL CHECK (status IN ('pending', 'active')),
  activated_at                  timestamptz,
  created_at                    timestamptz NOT NULL,
  updated_at                    timestamptz NOT NULL
);
-- Lists page by id within an organisation, optionally of one creditor.
CREATE INDEX scheme_identifiers_organisation ON scheme_identifiers (organisation_id, id);
CREATE INDEX scheme_identifiers_creditor ON scheme_identifiers (creditor_id, scheme, status, id);
