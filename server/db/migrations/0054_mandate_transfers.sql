-- Mandate transfers (issue 22): the payer's bank moved a mandate to another of the payer's
-- accounts (Bacs account switching). The new account's full details are sealed like every
-- customer bank account's, and answered encrypted by GET /transferred_mandates/{mandate}.
-- Keep to what Postgres 15 supports.

CREATE TABLE mandate_transfers (
  id                                text PRIMARY KEY,
  organisation_id                   text NOT NULL REFERENCES organisations (id),
  mandate_id                        text NOT NULL REFERENCES mandates (id),
  previous_customer_bank_account_id text NOT NULL REFERENCES customer_bank_accounts (id),
  new_customer_bank_account_id      text NOT NULL REFERENCES customer_bank_accounts (id),
  created_at                        timestamptz NOT NULL,
  CHECK (previous_customer_bank_account_id <> new_customer_bank_account_id)
);
-- The newest transfer of a mandate is what its GET answers.
CREATE INDEX mandate_transfers_mandate ON mandate_transfers (mandate_id, id);
