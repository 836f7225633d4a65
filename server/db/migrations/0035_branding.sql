-- Issue #22 (Branding) and #18 point 3: a creditor's logo and payer theme, shown on its payer
-- pages. One current logo and one current theme per creditor: a new upload replaces the row and
-- takes a new id, so the file's URL (keyed by id) can be cached for good. Keep to Postgres 15.

CREATE TABLE creditor_logos (
  id               text PRIMARY KEY,
  organisation_id  text NOT NULL REFERENCES organisations (id),
  creditor_id      text NOT NULL UNIQUE REFERENCES creditors (id),
  -- Decided from the bytes (magic numbers), never from what the client declared.
  content_type     text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/svg+xml')),
  image            bytea NOT NULL,
  width            integer NOT NULL CHECK (width > 0),
  height           integer NOT NULL CHECK (height > 0),
  created_at       timestamptz NOT NULL
);
CREATE INDEX creditor_logos_organisation ON creditor_logos (organisation_id, id);

CREATE TABLE payer_themes (
  id                         text PRIMARY KEY,
  organisation_id            text NOT NULL REFERENCES organisations (id),
  creditor_id                text NOT NULL UNIQUE REFERENCES creditors (id),
  -- #rrggbb, lower case; null keeps the pages' own colour.
  button_background_colour   text CHECK (button_background_colour ~ '^#[0-9a-f]{6}$'),
  content_box_border_colour  text CHECK (content_box_border_colour ~ '^#[0-9a-f]{6}$'),
  header_background_colour   text CHECK (header_background_colour ~ '^#[0-9a-f]{6}$'),
  link_text_colour           text CHECK (link_text_colour ~ '^#[0-9a-f]{6}$'),
  created_at                 timestamptz NOT NULL
);
CREATE INDEX payer_themes_organisation ON payer_themes (organisation_id, id);
