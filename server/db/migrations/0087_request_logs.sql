-- Request logs (issue #39, decision 0086): every authenticated API request of an organisation,
-- its bodies masked before they are written, kept REQUEST_LOG_DAYS and read through the
-- `/request_logs` extension. Written in batches off the request path; never updated.
CREATE TABLE request_logs (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL,
  created_at      timestamptz NOT NULL,
  method          text NOT NULL,
  path            text NOT NULL,
  status          integer NOT NULL,
  duration_ms     integer NOT NULL,
  request_id      text NOT NULL,
  idempotency_key text,
  token_name      text NOT NULL,
  -- JSON text as masked (server/domain/request-logs/masking.ts); null when there was none or it
  -- was larger than the log keeps (`body_truncated`).
  request_body    text,
  response_body   text,
  body_truncated  boolean NOT NULL,
  -- Every resource id in the path or the answer, for the `resource` filter.
  resource_ids    text[] NOT NULL
);
-- The list's cursor (decision 0047), the request-id lookup, the resource filter, the retention purge.
CREATE INDEX request_logs_organisation_id ON request_logs (organisation_id, id);
CREATE INDEX request_logs_organisation_request_id ON request_logs (organisation_id, request_id);
CREATE INDEX request_logs_resource_ids ON request_logs USING gin (resource_ids);
CREATE INDEX request_logs_created_at ON request_logs (created_at);

-- The API request an event was recorded by (its X-Request-Id); null for the scheme clock's,
-- the payer's and the dashboard's. Not on the event's wire: the request log shows it.
ALTER TABLE events ADD COLUMN request_id text;
CREATE INDEX events_organisation_request_id ON events (organisation_id, request_id) WHERE request_id IS NOT NULL;
