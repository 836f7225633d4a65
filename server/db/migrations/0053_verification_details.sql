-- Verification details (issue 22): the company and directors a creditor submits to be verified.
-- Each submission is kept as sent (the public API has no update); submitting one moves the
-- creditor's verification_status to in_review. Keep to what Postgres 15 supports.

CREATE TABLE verification_details (
  -- Not on the wire (the public API's verification details have no id): orders and pages them.
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  creditor_id     text NOT NULL REFERENCES creditors (id),
  name            text NOT NULL,
  company_number  text NOT NULL,
  description     text NOT NULL,
  address_line1   text NOT NULL,
  address_line2   text,
  address_line3   text,
  city            text NOT NULL,
  region          text,
  postal_code     text NOT NULL,
  country_code    text,
  -- [{ given_name, family_name, date_of_birth, street, city, postal_code, country_code }]
  directors       jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(directors) = 'array'),
  created_at      timestamptz NOT NULL
);
CREATE INDEX verification_details_creditor ON verification_details (organisation_id, creditor_id, id);
