-- Redirect flows (legacy API): each is backed by an internal mandate-only billing request and its
-- flow, which the payer fills on the hosted pages; the merchant's `complete` (with the session
-- token it chose) then fulfils that request. Expiry (30 minutes after creation) is computed from
-- created_at, never stored by a read.
CREATE TABLE redirect_flows (
  id                       text PRIMARY KEY,
  organisation_id          text NOT NULL REFERENCES organisations (id),
  status                   text NOT NULL CONSTRAINT redirect_flows_status_check CHECK (status IN (
                             'created', 'payer_completed', 'completed')),
  creditor_id              text NOT NULL,
  billing_request_id       text NOT NULL,
  billing_request_flow_id  text NOT NULL UNIQUE,
  session_token            text NOT NULL,
  success_redirect_url     text NOT NULL,
  description              text,
  scheme                   text,
  metadata                 jsonb NOT NULL DEFAULT '{}'::jsonb,
  customer_id              text,
  customer_bank_account_id text,
  mandate_id               text,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL
);
CREATE INDEX redirect_flows_organisation ON redirect_flows (organisation_id, id);
