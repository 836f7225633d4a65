-- Bank data services (issue #14): confirmation of payee results, the full details of customer
-- bank accounts sealed at rest, and the organisations' JWKS for encrypted bank account details.

CREATE TABLE bank_account_holder_verifications (
  id                       text PRIMARY KEY,
  organisation_id          text NOT NULL REFERENCES organisations (id),
  customer_bank_account_id text NOT NULL REFERENCES customer_bank_accounts (id),
  type                     text NOT NULL CHECK (type IN ('confirmation_of_payee')),
  status                   text NOT NULL CHECK (status IN ('pending', 'completed')),
  result                   text CHECK (result IN ('full_match', 'partial_match', 'no_match', 'unable_to_match')),
  actual_account_name      text,
  reference                text,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL,
  -- A result exists exactly when the check is done; only a partial match reveals the bank's name.
  CHECK ((status = 'completed') = (result IS NOT NULL)),
  CHECK (actual_account_name IS NULL OR result = 'partial_match')
);
CREATE INDEX bank_account_holder_verifications_organisation_id
  ON bank_account_holder_verifications (organisation_id, id);

-- The full account details of a customer bank account, AES-256-GCM sealed with the operator's
-- key (never in clear in the database); only GET /bank_account_details opens them.
CREATE TABLE bank_account_sealed_details (
  customer_bank_account_id text PRIMARY KEY REFERENCES customer_bank_accounts (id),
  organisation_id          text NOT NULL REFERENCES organisations (id),
  sealed                   text NOT NULL,
  created_at               timestamptz NOT NULL
);

-- The public keys an organisation receives bank account details under, registered by the operator.
CREATE TABLE organisation_jwks (
  organisation_id text PRIMARY KEY REFERENCES organisations (id),
  jwks            jsonb NOT NULL,
  source          text NOT NULL,
  updated_at      timestamptz NOT NULL
);
