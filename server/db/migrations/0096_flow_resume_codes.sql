-- Resuming a flow on another device (issue #38, decision 0093). Keep to what Postgres 15 supports.

-- When the payer first answered a step of the flow (their details, bank or account): from then on a
-- browser without the flow's session cookie confirms the payer's email before it sees the answers.
ALTER TABLE billing_request_flows ADD COLUMN payer_answered_at timestamptz;

-- The one-time code sent to the payer's email, one row per flow (a new code replaces the one
-- before). Only an HMAC of the code is kept, with the address it went to (as a hash), its expiry,
-- the wrong attempts at it, and the sends in the current hour (the send limit).
CREATE TABLE flow_resume_codes (
  flow_id text PRIMARY KEY REFERENCES billing_request_flows (id),
  organisation_id text NOT NULL REFERENCES organisations (id),
  billing_request_id text NOT NULL REFERENCES billing_requests (id),
  code_hash text NOT NULL,
  email_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL,
  used_at timestamptz,
  sends integer NOT NULL,
  sends_since timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX flow_resume_codes_organisation ON flow_resume_codes (organisation_id, flow_id);
