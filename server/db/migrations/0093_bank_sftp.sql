-- Host-to-host delivery over SFTP (issue #36, decision 0082). Keep to what Postgres 15 supports.

-- A file bank's SFTP settings: host, port, username, the pinned host key's SHA-256 fingerprint,
-- the directories for submissions and reports, the report format, and the client key's public
-- fingerprint. The client's private key is kept sealed beside it (never in `sftp`, never returned).
ALTER TABLE bank_connections ADD COLUMN sftp jsonb;
ALTER TABLE bank_connections ADD COLUMN sftp_private_key_sealed text;

-- A submission's upload: attempts, when to try again, the last error (a host key mismatch, a
-- refused login, a timeout), and when the file was renamed into place on the bank's server.
CREATE TABLE bank_sftp_uploads (
  submission_id text PRIMARY KEY REFERENCES bank_submissions (id),
  organisation_id text NOT NULL REFERENCES organisations (id),
  attempts integer NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  uploaded_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX bank_sftp_uploads_organisation ON bank_sftp_uploads (organisation_id, submission_id);

-- Each remote report file pulled, once: imported (with its report) or refused (malformed, kept
-- with its reason and never fetched again). A re-pull skips every name here.
CREATE TABLE bank_sftp_pulls (
  organisation_id text NOT NULL REFERENCES organisations (id),
  creditor_id text NOT NULL REFERENCES creditors (id),
  scheme text NOT NULL,
  remote_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('imported', 'refused')),
  report_id text REFERENCES bank_reports (id),
  error text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (creditor_id, scheme, remote_name)
);
CREATE INDEX bank_sftp_pulls_organisation ON bank_sftp_pulls (organisation_id, creditor_id);
