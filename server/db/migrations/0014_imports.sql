-- Mandate imports and their entries, outbound payment imports and their entries, and the legacy
-- payer authorisations with the per-organisation switch that opens them. Every status column
-- carries a CHECK listing its machine's states (domain/<resource>/state.ts).
-- Keep to what Postgres 15 supports.

CREATE TABLE mandate_imports (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  creditor_id     text NOT NULL REFERENCES creditors (id),
  scheme          text NOT NULL,
  status          text NOT NULL CONSTRAINT mandate_imports_status_check CHECK (status IN (
                    'created', 'submitted', 'cancelled', 'processing', 'processed')),
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX mandate_imports_organisation ON mandate_imports (organisation_id, id);
-- The processing job looks for imports being processed.
CREATE INDEX mandate_imports_processing ON mandate_imports (id) WHERE status = 'processing';

-- An entry keeps what was sent until it is processed: the customer, bank account, mandate and
-- amendment objects as given (already validated), then the links to what processing made.
CREATE TABLE mandate_import_entries (
  id                       text PRIMARY KEY,
  organisation_id          text NOT NULL REFERENCES organisations (id),
  mandate_import_id        text NOT NULL REFERENCES mandate_imports (id),
  record_identifier        text,
  customer                 jsonb NOT NULL,
  bank_account             jsonb NOT NULL,
  mandate                  jsonb NOT NULL,
  amendment                jsonb,
  status                   text NOT NULL DEFAULT 'pending' CONSTRAINT mandate_import_entries_status_check CHECK (status IN (
                             'pending', 'successfully_processed', 'unsuccessfully_processed')),
  processing_errors        jsonb,
  customer_id              text,
  customer_bank_account_id text,
  mandate_id               text,
  created_at               timestamptz NOT NULL,
  processed_at             timestamptz
);
CREATE INDEX mandate_import_entries_import ON mandate_import_entries (mandate_import_id, id);
CREATE INDEX mandate_import_entries_pending ON mandate_import_entries (mandate_import_id, id) WHERE status = 'pending';

CREATE TABLE outbound_payment_imports (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  creditor_id     text NOT NULL REFERENCES creditors (id),
  status          text NOT NULL CONSTRAINT outbound_payment_imports_status_check CHECK (status IN (
                    'created', 'validating', 'valid', 'invalid', 'processing', 'processed', 'cancelled')),
  currency        text NOT NULL,
  amount_sum      bigint NOT NULL,
  total_count     integer NOT NULL,
  valid_count     integer NOT NULL,
  invalid_count   integer NOT NULL,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX outbound_payment_imports_organisation ON outbound_payment_imports (organisation_id, id);

CREATE TABLE outbound_payment_import_entries (
  id                          text PRIMARY KEY,
  organisation_id             text NOT NULL REFERENCES organisations (id),
  outbound_payment_import_id  text NOT NULL REFERENCES outbound_payment_imports (id),
  amount                      bigint,
  scheme                      text NOT NULL,
  reference                   text,
  metadata                    jsonb,
  recipient_bank_account_id   text,
  status                      text NOT NULL CONSTRAINT outbound_payment_import_entries_status_check CHECK (status IN (
                                'valid', 'invalid')),
  validation_errors           jsonb,
  created_at                  timestamptz NOT NULL
);
CREATE INDEX outbound_payment_import_entries_import ON outbound_payment_import_entries (outbound_payment_import_id, id);

CREATE TABLE payer_authorisations (
  id                       text PRIMARY KEY,
  organisation_id          text NOT NULL REFERENCES organisations (id),
  status                   text NOT NULL CONSTRAINT payer_authorisations_status_check CHECK (status IN (
                             'created', 'submitted', 'confirmed', 'completed', 'failed')),
  customer                 jsonb NOT NULL DEFAULT '{}'::jsonb,
  bank_account             jsonb NOT NULL DEFAULT '{}'::jsonb,
  mandate                  jsonb NOT NULL DEFAULT '{}'::jsonb,
  customer_id              text,
  customer_bank_account_id text,
  mandate_id               text,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL
);
CREATE INDEX payer_authorisations_organisation ON payer_authorisations (organisation_id, id);

-- Payer authorisations are closed to new organisations; the operator opens them per organisation.
CREATE TABLE payer_authorisation_access (
  organisation_id text PRIMARY KEY REFERENCES organisations (id),
  opened_at       timestamptz NOT NULL
);

-- Every mandate made asks whether its reference is taken for the creditor and scheme; without an
-- index that is a scan of all mandates, which made a 10,000-entry import quadratic.
CREATE INDEX mandates_creditor_reference ON mandates (creditor_id, scheme, upper(reference));
