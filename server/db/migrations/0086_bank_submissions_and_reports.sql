-- Live collection through the merchant's own bank (issue #36, decisions 0074 and 0081).
-- Keep to what Postgres 15 supports.

-- How a creditor's instructions for one scheme reach its bank: `file` (submission files at the
-- bank's cut-off, reports read back) or `simulated` (the sandbox's bank). No row: the mode's default.
CREATE TABLE bank_connections (
  organisation_id text NOT NULL REFERENCES organisations (id),
  creditor_id text NOT NULL REFERENCES creditors (id),
  scheme text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('simulated', 'file')),
  -- The bank's own cut-off on a submission day, 'HH:MM' in the scheme calendar's time zone.
  cutoff_time text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (creditor_id, scheme)
);
CREATE INDEX bank_connections_organisation ON bank_connections (organisation_id, creditor_id);

-- One file per creditor, scheme, format and submission day, stored whole: written in the same
-- transaction that marks its instructions submitted, so a crash leaves nothing or everything.
CREATE TABLE bank_submissions (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  creditor_id text NOT NULL REFERENCES creditors (id),
  scheme text NOT NULL,
  format text NOT NULL,
  submission_date date NOT NULL,
  -- The file's own reference (Bacs submission serial, SEPA message id, Nacha file id modifier…),
  -- which a whole-file report (input report, pain.002 group status) names.
  file_reference text NOT NULL,
  file_name text NOT NULL,
  file bytea NOT NULL,
  file_sha256 text NOT NULL,
  item_count integer NOT NULL,
  total_amount bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'submitted', 'accepted', 'rejected')),
  status_reason text,
  created_at timestamptz NOT NULL,
  submitted_at timestamptz,
  resolved_at timestamptz,
  UNIQUE (creditor_id, scheme, format, submission_date)
);
CREATE INDEX bank_submissions_organisation ON bank_submissions (organisation_id, id);
CREATE INDEX bank_submissions_file_reference ON bank_submissions (organisation_id, file_reference);

-- One instruction in a submission: what a report's item is matched back to by `reference` (the
-- Bacs reference, SEPA end-to-end id, Nacha trace number, BECS lodgement reference, CPA-005
-- cross-reference). A resource can be in several submissions (a retried payment), once each.
CREATE TABLE bank_submission_items (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  submission_id text NOT NULL REFERENCES bank_submissions (id),
  resource_type text NOT NULL CHECK (resource_type IN ('mandates', 'payments', 'refunds', 'payouts', 'outbound_payments')),
  resource_id text NOT NULL,
  instruction text NOT NULL,
  reference text NOT NULL,
  amount bigint,
  created_at timestamptz NOT NULL,
  UNIQUE (submission_id, resource_type, resource_id, instruction)
);
CREATE INDEX bank_submission_items_submission ON bank_submission_items (submission_id, id);
CREATE INDEX bank_submission_items_reference ON bank_submission_items (organisation_id, reference);
CREATE INDEX bank_submission_items_resource ON bank_submission_items (resource_id);

-- A report a bank sent, stored whole; the same bytes twice are one report (imported once).
CREATE TABLE bank_reports (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  creditor_id text REFERENCES creditors (id),
  format text NOT NULL,
  file_name text,
  file bytea NOT NULL,
  file_sha256 text NOT NULL,
  item_count integer NOT NULL,
  applied_count integer NOT NULL,
  unmatched_count integer NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (organisation_id, file_sha256)
);
CREATE INDEX bank_reports_organisation ON bank_reports (organisation_id, id);

-- Each item of a report and what it did: applied to a resource (with the event it wrote), kept as
-- unmatched (never dropped), or found already applied.
CREATE TABLE bank_report_items (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  report_id text NOT NULL REFERENCES bank_reports (id),
  line integer NOT NULL,
  kind text NOT NULL,
  reference text NOT NULL,
  reason_code text,
  cause text,
  amount bigint,
  outcome text NOT NULL CHECK (outcome IN ('applied', 'unmatched', 'already_applied', 'not_applicable')),
  submission_item_id text REFERENCES bank_submission_items (id),
  resource_type text,
  resource_id text,
  event_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX bank_report_items_report ON bank_report_items (report_id, id);
CREATE INDEX bank_report_items_unmatched ON bank_report_items (organisation_id, id) WHERE outcome = 'unmatched';
