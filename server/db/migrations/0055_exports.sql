-- Exports (issue 22, decision 0037): a CSV of one export type for a date range, asked for by the
-- operator and built by the export worker page by page. The CSV is kept in export_parts, one row
-- per page of source rows, so neither the build nor the download ever holds the whole file.
-- Keep to what Postgres 15 supports.

CREATE TABLE exports (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  export_type     text NOT NULL,
  currency        text NOT NULL,
  created_from    timestamptz NOT NULL,
  created_to      timestamptz NOT NULL,
  status          text NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
  -- The id of the last source row written: the build resumes after it (keyset, never OFFSET).
  build_cursor    text,
  parts           integer NOT NULL DEFAULT 0,
  error_message   text,
  completed_at    timestamptz,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  CHECK (created_from < created_to)
);
-- Lists page by id within an organisation; the worker takes unfinished exports oldest first.
CREATE INDEX exports_organisation ON exports (organisation_id, id);
CREATE INDEX exports_unfinished ON exports (id) WHERE status IN ('pending', 'processing');

CREATE TABLE export_parts (
  export_id text NOT NULL REFERENCES exports (id) ON DELETE CASCADE,
  seq       integer NOT NULL,
  body      text NOT NULL,
  PRIMARY KEY (export_id, seq)
);
