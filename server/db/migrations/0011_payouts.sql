-- Issue #13, money out: where a creditor's money is paid (creditor bank accounts), the payouts that
-- pay it, and each organisation's fee schedule. Payout amounts and items are not stored beside the
-- ledger: a payout's items are its entries on `confirmed` (ledger_entries.payout_id), and its amount
-- is written once, from the same sum, when it takes them.
-- Keep to what Postgres 15 supports (PGlite is 18).

CREATE TABLE creditor_bank_accounts (
  id                    text PRIMARY KEY,
  organisation_id       text NOT NULL REFERENCES organisations (id),
  creditor_id           text NOT NULL REFERENCES creditors (id),
  account_holder_name   text NOT NULL,
  account_number_ending text NOT NULL,
  account_type          text CHECK (account_type IN ('savings', 'checking')),
  bank_name             text,
  bic                   text,
  country_code          text NOT NULL,
  currency              text NOT NULL,
  fingerprint           text NOT NULL,
  enabled               boolean NOT NULL DEFAULT true,
  -- The account payouts in its currency go to; at most one per creditor and currency (below).
  default_payout        boolean NOT NULL DEFAULT false,
  verification_status   text NOT NULL DEFAULT 'successful' CHECK (verification_status IN (
                          'pending', 'in_review', 'successful', 'could_not_verify')),
  metadata              jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at            timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL,
  CHECK (enabled OR NOT default_payout)
);
CREATE INDEX creditor_bank_accounts_organisation ON creditor_bank_accounts (organisation_id, id);
CREATE UNIQUE INDEX creditor_bank_accounts_same_details ON creditor_bank_accounts (creditor_id, fingerprint);
CREATE UNIQUE INDEX creditor_bank_accounts_default ON creditor_bank_accounts (creditor_id, currency)
  WHERE default_payout;

CREATE TABLE payouts (
  id                        text PRIMARY KEY,
  organisation_id           text NOT NULL REFERENCES organisations (id),
  creditor_id               text NOT NULL REFERENCES creditors (id),
  creditor_bank_account_id  text NOT NULL REFERENCES creditor_bank_accounts (id),
  currency                  text NOT NULL,
  amount                    bigint NOT NULL CHECK (amount > 0),
  deducted_fees             bigint NOT NULL CHECK (deducted_fees >= 0),
  payout_type               text NOT NULL DEFAULT 'merchant' CHECK (payout_type IN ('merchant', 'partner')),
  reference                 text NOT NULL,
  status                    text NOT NULL CHECK (status IN ('pending', 'paid', 'bounced')),
  -- The business day (on the scheme calendar) the payout was made for: live makes one a day.
  business_day              date NOT NULL,
  arrival_date              date,
  metadata                  jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at                timestamptz NOT NULL,
  updated_at                timestamptz NOT NULL
);
CREATE INDEX payouts_organisation ON payouts (organisation_id, id);
CREATE INDEX payouts_creditor_day ON payouts (creditor_id, currency, business_day);

-- The payout a payment was paid out in (`links.payout`).
ALTER TABLE payments ADD COLUMN payout_id text;

-- What the service charges an organisation per confirmed payment; no row = the default schedule.
CREATE TABLE fee_schedules (
  organisation_id      text PRIMARY KEY REFERENCES organisations (id),
  percent_basis_points integer NOT NULL CHECK (percent_basis_points BETWEEN 0 AND 10000),
  fixed_minor          integer NOT NULL CHECK (fixed_minor >= 0),
  cap_minor            integer CHECK (cap_minor >= 0),
  updated_at           timestamptz NOT NULL
);
