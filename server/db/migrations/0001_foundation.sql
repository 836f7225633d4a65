-- Foundation: tenants, credentials, idempotency, events, blocks, rate-limit windows.
-- Keep to what Postgres 15 supports (PGlite is 18). Timestamps are written by the application's
-- clock, never by now(), so sandbox time travel and tests see one time.

CREATE TABLE organisations (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL,
  disabled_at timestamptz
);

CREATE TABLE creditors (
  id                                    text PRIMARY KEY,
  organisation_id                       text NOT NULL REFERENCES organisations (id),
  name                                  text NOT NULL,
  creditor_type                         text NOT NULL DEFAULT 'company',
  country_code                          text NOT NULL DEFAULT 'GB',
  address_line1                         text,
  address_line2                         text,
  address_line3                         text,
  city                                  text,
  region                                text,
  postal_code                           text,
  bank_reference_prefix                 text,
  verification_status                   text NOT NULL DEFAULT 'successful',
  custom_payment_pages_enabled          boolean NOT NULL DEFAULT false,
  mandate_imports_enabled               boolean NOT NULL DEFAULT false,
  merchant_responsible_for_notifications boolean NOT NULL DEFAULT false,
  can_create_refunds                    boolean NOT NULL DEFAULT true,
  created_at                            timestamptz NOT NULL,
  updated_at                            timestamptz NOT NULL
);
CREATE INDEX creditors_organisation_id ON creditors (organisation_id, id);

-- Tokens are stored as a SHA-256 hash: they are 256-bit random values, so a fast hash is enough
-- and a leaked table does not leak credentials. `token_hint` keeps the first characters for lists.
CREATE TABLE access_tokens (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  name            text NOT NULL,
  scope           text NOT NULL CHECK (scope IN ('read_only', 'read_write')),
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled', 'revoked')),
  token_hash      text NOT NULL UNIQUE,
  token_hint      text NOT NULL,
  created_at      timestamptz NOT NULL,
  disabled_at     timestamptz,
  revoked_at      timestamptz
);
CREATE INDEX access_tokens_organisation_id ON access_tokens (organisation_id, id);

-- One row per (organisation, key), written in the same transaction as the resource it created.
-- A concurrent insert of the same key waits on the primary key until the first commits.
CREATE TABLE idempotency_keys (
  organisation_id text NOT NULL,
  key             text NOT NULL,
  resource_id     text,
  created_at      timestamptz NOT NULL,
  PRIMARY KEY (organisation_id, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);

CREATE TABLE events (
  id                text PRIMARY KEY,
  organisation_id   text NOT NULL REFERENCES organisations (id),
  created_at        timestamptz NOT NULL,
  resource_type     text NOT NULL,
  action            text NOT NULL,
  links             jsonb NOT NULL DEFAULT '{}'::jsonb,
  details           jsonb NOT NULL DEFAULT '{}'::jsonb,
  metadata          jsonb NOT NULL DEFAULT '{}'::jsonb,
  resource_metadata jsonb,
  source            jsonb
);
CREATE INDEX events_organisation_id ON events (organisation_id, id);
CREATE INDEX events_organisation_resource_type ON events (organisation_id, resource_type, id);
CREATE INDEX events_links ON events USING gin (links jsonb_path_ops);

CREATE TABLE blocks (
  id                 text PRIMARY KEY,
  organisation_id    text NOT NULL REFERENCES organisations (id),
  block_type         text NOT NULL,
  reason_type        text NOT NULL,
  reason_description text,
  resource_reference text NOT NULL,
  active             boolean NOT NULL DEFAULT true,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL
);
CREATE INDEX blocks_organisation_id ON blocks (organisation_id, id);
-- Enforcement looks up active blocks by type and normalised reference.
CREATE INDEX blocks_active_reference ON blocks (organisation_id, block_type, resource_reference) WHERE active;

-- Fixed-window request counters shared by several processes on one Postgres. Unlogged: losing a
-- minute of counts in a crash is harmless and it spares the write-ahead log one write per request.
CREATE UNLOGGED TABLE rate_limit_windows (
  bucket       text NOT NULL,
  window_start bigint NOT NULL,
  count        integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
