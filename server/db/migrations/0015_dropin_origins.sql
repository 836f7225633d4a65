-- The web origins an organisation lets frame its payer flow as a drop-in (docs/dropin.md): a live
-- flow may be framed only by these. Keep to what Postgres 15 supports.

CREATE TABLE dropin_origins (
  organisation_id text NOT NULL REFERENCES organisations (id),
  -- scheme://host[:port], as a browser serialises an origin (lower case, no path, no default port).
  origin          text NOT NULL,
  created_at      timestamptz NOT NULL,
  PRIMARY KEY (organisation_id, origin)
);
