-- The sandbox's simulated bank: the funds a payer's account holds, set per customer bank account
-- for testing (`cli sandbox-funds set`). Funds availability checks answer from it; an account
-- without a row holds enough (unless its payer is the `Penniless` name trigger). Postgres 15.

CREATE TABLE simulated_account_funds (
  customer_bank_account_id text PRIMARY KEY REFERENCES customer_bank_accounts (id),
  organisation_id          text NOT NULL REFERENCES organisations (id),
  -- Minor units in the account's currency.
  available_amount         bigint NOT NULL CHECK (available_amount >= 0),
  updated_at               timestamptz NOT NULL
);
