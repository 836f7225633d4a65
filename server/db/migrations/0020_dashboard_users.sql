-- The merchant dashboard's users (issue #19): people of an organisation who sign in with an email
-- and a password, and the one-time links that let them in (first sign-in, password reset).
-- Keep to what Postgres 15 supports.

CREATE TABLE dashboard_users (
  id                 text PRIMARY KEY,
  organisation_id    text NOT NULL REFERENCES organisations (id),
  email              text NOT NULL,
  role               text NOT NULL CONSTRAINT dashboard_users_role_check CHECK (role IN ('admin', 'viewer')),
  -- scrypt, self-describing (`scrypt$N$r$p$salt$hash`); null until the user chooses a password.
  password_hash      text,
  -- Every sealed session carries the generation it was made in: raising it signs the user out everywhere.
  session_generation integer NOT NULL DEFAULT 0,
  failed_sign_ins    integer NOT NULL DEFAULT 0,
  locked_until       timestamptz,
  -- Base32 TOTP secret once a second factor is turned on.
  totp_secret        text,
  created_at         timestamptz NOT NULL
);
-- One person, one account: sign-in finds the user by email alone.
CREATE UNIQUE INDEX dashboard_users_email ON dashboard_users (lower(email));
CREATE INDEX dashboard_users_organisation ON dashboard_users (organisation_id, id);

CREATE TABLE dashboard_links (
  id         text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES dashboard_users (id),
  purpose    text NOT NULL CONSTRAINT dashboard_links_purpose_check CHECK (purpose IN ('sign_in', 'reset')),
  -- Only a hash of the link's secret is kept.
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX dashboard_links_token_hash ON dashboard_links (token_hash);

