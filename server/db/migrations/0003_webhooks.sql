-- Webhooks: endpoints merchants register, an outbox of events per endpoint written in the same
-- transaction as the event, the deliveries (the public API's `webhooks` resource) and every
-- attempt to send them. Timestamps come from the application's clock, never now().

-- The secret is kept as given: signing needs it in clear, and with no key management a key stored
-- beside the data would protect nothing (docs/decisions/0013-webhooks.md).
CREATE TABLE webhook_endpoints (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  url             text NOT NULL,
  secret          text NOT NULL,
  enabled         boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  rotated_at      timestamptz
);
CREATE INDEX webhook_endpoints_organisation_id ON webhook_endpoints (organisation_id, id);

-- One row per (endpoint, event). `webhook_id` is set when a delivery takes the event into its
-- batch (in the worker's claiming transaction); `delivered_at` when that delivery succeeded.
CREATE TABLE webhook_outbox (
  endpoint_id     text NOT NULL REFERENCES webhook_endpoints (id),
  event_id        text NOT NULL REFERENCES events (id),
  organisation_id text NOT NULL,
  created_at      timestamptz NOT NULL,
  webhook_id      text,
  delivered_at    timestamptz,
  PRIMARY KEY (endpoint_id, event_id)
);
-- What the worker batches: events not yet in a delivery, oldest first, per endpoint.
CREATE INDEX webhook_outbox_pending ON webhook_outbox (endpoint_id, event_id) WHERE webhook_id IS NULL;
CREATE INDEX webhook_outbox_webhook_id ON webhook_outbox (webhook_id) WHERE webhook_id IS NOT NULL;

-- A delivery: one request body (fixed when the batch is made, `meta.webhook_id` = id), sent until
-- it succeeds or its retry period ends. The response columns mirror the latest attempt.
-- `next_attempt_at` is null once nothing more will be tried; `lease_expires_at`/`claim_token` mark
-- a worker sending it: another worker takes it only after the lease ran out (a crash mid-send).
CREATE TABLE webhooks (
  id                                  text PRIMARY KEY,
  organisation_id                     text NOT NULL REFERENCES organisations (id),
  endpoint_id                         text NOT NULL REFERENCES webhook_endpoints (id),
  url                                 text NOT NULL,
  is_test                             boolean NOT NULL DEFAULT false,
  retry_of                            text REFERENCES webhooks (id),
  idempotency_key                     text NOT NULL,
  event_count                         integer NOT NULL,
  request_body                        text NOT NULL,
  request_headers                     jsonb NOT NULL DEFAULT '{}'::jsonb,
  response_code                       integer,
  response_body                       text,
  response_body_truncated             boolean NOT NULL DEFAULT false,
  response_headers                    jsonb,
  response_headers_content_truncated  boolean NOT NULL DEFAULT false,
  response_headers_count_truncated    boolean NOT NULL DEFAULT false,
  successful                          boolean NOT NULL DEFAULT false,
  attempts                            integer NOT NULL DEFAULT 0,
  next_attempt_at                     timestamptz,
  lease_expires_at                    timestamptz,
  claim_token                         text,
  created_at                          timestamptz NOT NULL,
  updated_at                          timestamptz NOT NULL
);
CREATE INDEX webhooks_organisation_id ON webhooks (organisation_id, id);
CREATE INDEX webhooks_due ON webhooks (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX webhooks_endpoint_pending ON webhooks (endpoint_id) WHERE next_attempt_at IS NOT NULL;

-- Every attempt, successful or not: what was answered (an excerpt) or why nothing was.
CREATE TABLE webhook_attempts (
  webhook_id      text NOT NULL REFERENCES webhooks (id),
  attempt         integer NOT NULL,
  organisation_id text NOT NULL,
  attempted_at    timestamptz NOT NULL,
  duration_ms     integer NOT NULL,
  response_code   integer,
  response_body   text,
  error           text,
  successful      boolean NOT NULL,
  PRIMARY KEY (webhook_id, attempt)
);
-- `webhooks tail` reads the newest attempts.
CREATE INDEX webhook_attempts_attempted_at ON webhook_attempts (attempted_at);
