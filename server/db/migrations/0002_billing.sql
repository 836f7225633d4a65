-- Billing requests and everything fulfilment creates: customers, billing details, bank accounts,
-- mandates, payments, subscriptions, instalment schedules, flows, bank authorisations, and the
-- scheduled state moves of the scheme clock.

-- What an organisation is approved for in live (spec: Restrictions in live). The sandbox ignores them.
ALTER TABLE organisations
  ADD COLUMN payment_pages_approved boolean NOT NULL DEFAULT false,
  ADD COLUMN white_label_partner boolean NOT NULL DEFAULT false,
  ADD COLUMN custom_payment_pages boolean NOT NULL DEFAULT false;

ALTER TABLE creditors
  ADD COLUMN scheme_identifiers jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN logo_url text,
  ADD COLUMN fx_payout_currency text;

CREATE TABLE customers (
  id                      text PRIMARY KEY,
  organisation_id         text NOT NULL REFERENCES organisations (id),
  email                   text,
  given_name              text,
  family_name             text,
  company_name            text,
  language                text,
  phone_number            text,
  address_line1           text,
  address_line2           text,
  address_line3           text,
  city                    text,
  region                  text,
  postal_code             text,
  country_code            text,
  swedish_identity_number text,
  danish_identity_number  text,
  metadata                jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at              timestamptz NOT NULL,
  updated_at              timestamptz NOT NULL,
  -- Set by DELETE /customers/{id}: personal data is erased and references answer customer_data_removed.
  removed_at              timestamptz
);
CREATE INDEX customers_organisation_id ON customers (organisation_id, id);

CREATE TABLE customer_billing_details (
  id                      text PRIMARY KEY,
  organisation_id         text NOT NULL REFERENCES organisations (id),
  customer_id             text NOT NULL REFERENCES customers (id),
  address_line1           text,
  address_line2           text,
  address_line3           text,
  city                    text,
  region                  text,
  postal_code             text,
  country_code            text,
  swedish_identity_number text,
  danish_identity_number  text,
  ip_address              text,
  schemes                 text[] NOT NULL DEFAULT '{}',
  created_at              timestamptz NOT NULL
);
CREATE INDEX customer_billing_details_customer ON customer_billing_details (customer_id);

-- Full account numbers are not stored: only what responses show (the ending), the non-secret bank
-- identifiers, and a fingerprint of the whole account to find the same account again.
CREATE TABLE customer_bank_accounts (
  id                    text PRIMARY KEY,
  organisation_id       text NOT NULL REFERENCES organisations (id),
  customer_id           text NOT NULL REFERENCES customers (id),
  account_holder_name   text NOT NULL,
  account_number_ending text NOT NULL,
  account_type          text,
  bank_name             text,
  bic                   text,
  bank_code             text,
  branch_code           text,
  country_code          text NOT NULL,
  currency              text NOT NULL,
  fingerprint           text NOT NULL,
  enabled               boolean NOT NULL DEFAULT true,
  metadata              jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at            timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL,
  UNIQUE (organisation_id, customer_id, fingerprint)
);
CREATE INDEX customer_bank_accounts_organisation_id ON customer_bank_accounts (organisation_id, id);
CREATE INDEX customer_bank_accounts_customer ON customer_bank_accounts (organisation_id, customer_id, id);
CREATE INDEX customer_bank_accounts_fingerprint ON customer_bank_accounts (organisation_id, fingerprint);

-- What a block matches, resolved when it is made: a bank account block holds the account's
-- fingerprint, a bank name block the bank's name, so enforcement is one indexed lookup.
ALTER TABLE blocks ADD COLUMN match_value text;
UPDATE blocks SET match_value = resource_reference;
ALTER TABLE blocks ALTER COLUMN match_value SET NOT NULL;
DROP INDEX blocks_active_reference;
CREATE INDEX blocks_active_match ON blocks (organisation_id, block_type, match_value) WHERE active;

CREATE TABLE mandates (
  id                        text PRIMARY KEY,
  organisation_id           text NOT NULL REFERENCES organisations (id),
  creditor_id               text NOT NULL REFERENCES creditors (id),
  customer_id               text NOT NULL REFERENCES customers (id),
  customer_bank_account_id  text NOT NULL REFERENCES customer_bank_accounts (id),
  scheme                    text NOT NULL,
  status                    text NOT NULL,
  reference                 text NOT NULL,
  metadata                  jsonb NOT NULL DEFAULT '{}'::jsonb,
  authorisation_source      text,
  consent_type              text,
  consent_parameters        jsonb,
  funds_settlement          text NOT NULL DEFAULT 'managed',
  mandate_type              text NOT NULL DEFAULT 'bank_debit',
  payer_ip_address          text,
  verified_at               timestamptz,
  reinstate_count           integer NOT NULL DEFAULT 0,
  new_mandate_id            text,
  created_at                timestamptz NOT NULL,
  updated_at                timestamptz NOT NULL,
  -- References are unique per creditor and scheme (the scheme identifier), case-insensitively.
  UNIQUE (creditor_id, scheme, reference)
);
CREATE INDEX mandates_organisation_id ON mandates (organisation_id, id);
CREATE INDEX mandates_customer ON mandates (organisation_id, customer_id, id);
CREATE INDEX mandates_bank_account ON mandates (customer_bank_account_id);
CREATE INDEX mandates_status ON mandates (organisation_id, status, id);

CREATE TABLE subscriptions (
  id                text PRIMARY KEY,
  organisation_id   text NOT NULL REFERENCES organisations (id),
  mandate_id        text NOT NULL REFERENCES mandates (id),
  amount            bigint NOT NULL CHECK (amount > 0),
  app_fee           bigint,
  count             integer,
  currency          text NOT NULL,
  day_of_month      integer,
  interval          integer NOT NULL DEFAULT 1,
  interval_unit     text NOT NULL,
  month             text,
  name              text,
  payment_reference text,
  retry_if_possible boolean NOT NULL DEFAULT false,
  start_date        date NOT NULL,
  end_date          date,
  status            text NOT NULL,
  metadata          jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
CREATE INDEX subscriptions_organisation_id ON subscriptions (organisation_id, id);
CREATE INDEX subscriptions_mandate ON subscriptions (mandate_id);

CREATE TABLE instalment_schedules (
  id                text PRIMARY KEY,
  organisation_id   text NOT NULL REFERENCES organisations (id),
  mandate_id        text NOT NULL REFERENCES mandates (id),
  customer_id       text NOT NULL REFERENCES customers (id),
  currency          text NOT NULL,
  name              text NOT NULL,
  total_amount      bigint NOT NULL CHECK (total_amount > 0),
  app_fee           bigint,
  payment_reference text,
  retry_if_possible boolean NOT NULL DEFAULT false,
  status            text NOT NULL,
  payment_errors    jsonb NOT NULL DEFAULT '{}'::jsonb,
  metadata          jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
CREATE INDEX instalment_schedules_organisation_id ON instalment_schedules (organisation_id, id);
CREATE INDEX instalment_schedules_mandate ON instalment_schedules (mandate_id);

CREATE TABLE payments (
  id                     text PRIMARY KEY,
  organisation_id        text NOT NULL REFERENCES organisations (id),
  creditor_id            text NOT NULL REFERENCES creditors (id),
  -- Instant bank payments have no mandate.
  mandate_id             text REFERENCES mandates (id),
  subscription_id        text REFERENCES subscriptions (id),
  instalment_schedule_id text REFERENCES instalment_schedules (id),
  amount                 bigint NOT NULL CHECK (amount > 0),
  amount_refunded        bigint NOT NULL DEFAULT 0,
  app_fee                bigint,
  currency               text NOT NULL,
  charge_date            date,
  description            text,
  reference              text,
  scheme                 text NOT NULL,
  status                 text NOT NULL,
  metadata               jsonb NOT NULL DEFAULT '{}'::jsonb,
  retry_if_possible      boolean NOT NULL DEFAULT false,
  faster_ach             boolean,
  funds_settlement       text NOT NULL DEFAULT 'managed',
  created_at             timestamptz NOT NULL,
  updated_at             timestamptz NOT NULL
);
CREATE INDEX payments_organisation_id ON payments (organisation_id, id);
CREATE INDEX payments_mandate ON payments (mandate_id, status);
CREATE INDEX payments_subscription ON payments (subscription_id);
CREATE INDEX payments_instalment_schedule ON payments (instalment_schedule_id);

CREATE TABLE billing_requests (
  id                          text PRIMARY KEY,
  organisation_id             text NOT NULL REFERENCES organisations (id),
  creditor_id                 text NOT NULL REFERENCES creditors (id),
  customer_id                 text NOT NULL REFERENCES customers (id),
  customer_billing_detail_id  text NOT NULL REFERENCES customer_billing_details (id),
  customer_bank_account_id    text REFERENCES customer_bank_accounts (id),
  status                      text NOT NULL,
  mandate_request             jsonb,
  payment_request             jsonb,
  subscription_request        jsonb,
  instalment_schedule_request jsonb,
  metadata                    jsonb NOT NULL DEFAULT '{}'::jsonb,
  fallback_enabled            boolean NOT NULL DEFAULT false,
  fallback_occurred           boolean NOT NULL DEFAULT false,
  purpose_code                text,
  payment_context_code        text,
  payment_purpose_code        text,
  -- Action types done so far; the actions list is computed from this and the request's shape.
  completed_actions           text[] NOT NULL DEFAULT '{}',
  institution                 jsonb,
  bank_authorisation_id       text,
  mandate_id                  text REFERENCES mandates (id),
  payment_id                  text REFERENCES payments (id),
  subscription_id             text REFERENCES subscriptions (id),
  instalment_schedule_id      text REFERENCES instalment_schedules (id),
  created_at                  timestamptz NOT NULL,
  updated_at                  timestamptz NOT NULL
);
CREATE INDEX billing_requests_organisation_id ON billing_requests (organisation_id, id);
CREATE INDEX billing_requests_customer ON billing_requests (organisation_id, customer_id, id);
CREATE INDEX billing_requests_status ON billing_requests (organisation_id, status, id);

CREATE TABLE billing_request_flows (
  id                           text PRIMARY KEY,
  organisation_id              text NOT NULL REFERENCES organisations (id),
  billing_request_id           text NOT NULL REFERENCES billing_requests (id),
  redirect_uri                 text,
  exit_uri                     text,
  language                     text,
  lock_bank_account            boolean NOT NULL DEFAULT false,
  lock_currency                boolean NOT NULL DEFAULT false,
  lock_customer_details        boolean NOT NULL DEFAULT false,
  prefilled_customer           jsonb,
  prefilled_bank_account       jsonb,
  show_redirect_buttons        boolean NOT NULL DEFAULT false,
  show_success_redirect_button boolean NOT NULL DEFAULT false,
  skip_success_screen          boolean NOT NULL DEFAULT false,
  auto_fulfil                  boolean NOT NULL DEFAULT true,
  customer_details_captured    boolean NOT NULL DEFAULT false,
  -- Only the hash of the latest session token is kept; `initialise` returns the token once.
  session_token_hash           text,
  expires_at                   timestamptz NOT NULL,
  created_at                   timestamptz NOT NULL
);
CREATE INDEX billing_request_flows_billing_request ON billing_request_flows (billing_request_id);

CREATE TABLE bank_authorisations (
  id                 text PRIMARY KEY,
  organisation_id    text NOT NULL REFERENCES organisations (id),
  billing_request_id text NOT NULL REFERENCES billing_requests (id),
  flow_id            text REFERENCES billing_request_flows (id),
  institution_id     text NOT NULL,
  authorisation_type text NOT NULL,
  redirect_uri       text NOT NULL,
  status             text NOT NULL DEFAULT 'pending',
  created_at         timestamptz NOT NULL,
  expires_at         timestamptz NOT NULL,
  last_visited_at    timestamptz,
  authorised_at      timestamptz,
  completed_at       timestamptz
);
CREATE INDEX bank_authorisations_billing_request ON bank_authorisations (billing_request_id);

-- Notifications sent to payers (billing request notify). Delivery goes through a mailer after
-- commit; `sent_at` records it.
CREATE TABLE notifications (
  id                 text PRIMARY KEY,
  organisation_id    text NOT NULL REFERENCES organisations (id),
  billing_request_id text NOT NULL REFERENCES billing_requests (id),
  notification_type  text NOT NULL,
  recipient          text NOT NULL,
  redirect_uri       text,
  created_at         timestamptz NOT NULL,
  sent_at            timestamptz
);
CREATE INDEX notifications_unsent ON notifications (created_at) WHERE sent_at IS NULL;

-- The scheme clock: state moves due at a time (submission, activation, confirmation…). The job
-- takes due rows with FOR UPDATE SKIP LOCKED, so several processes never apply one move twice.
CREATE TABLE scheduled_transitions (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  resource_type   text NOT NULL,
  resource_id     text NOT NULL,
  transition      text NOT NULL,
  due_at          timestamptz NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  created_at      timestamptz NOT NULL
);
CREATE INDEX scheduled_transitions_due ON scheduled_transitions (due_at);
CREATE INDEX scheduled_transitions_resource ON scheduled_transitions (resource_id);
