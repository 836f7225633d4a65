-- Admins invite other users from the dashboard (issue #19, decision 0051). A user now has a status,
-- moved only by the state runner (server/domain/dashboard-users/state.ts): `invited` until they
-- choose a password through their one-time link, `active`, or `disabled` by an admin. Users made
-- before this with no password yet (the CLI's first admin, not signed in) are invited ones.
-- Keep to what Postgres 15 supports.

ALTER TABLE dashboard_users
  ADD COLUMN status text NOT NULL DEFAULT 'active'
    CONSTRAINT dashboard_users_status_check CHECK (status IN ('invited', 'active', 'disabled'));
UPDATE dashboard_users SET status = 'invited' WHERE password_hash IS NULL;
-- Every insert names its status from here on: no default to hide a forgotten one.
ALTER TABLE dashboard_users ALTER COLUMN status DROP DEFAULT;

-- Shown on the Team page; written by the sign-in that already writes the row (the lockout count).
ALTER TABLE dashboard_users ADD COLUMN last_signed_in_at timestamptz;

-- Invitation links: a week to accept, a purpose of their own so a resend can end only them.
ALTER TABLE dashboard_links DROP CONSTRAINT dashboard_links_purpose_check;
ALTER TABLE dashboard_links
  ADD CONSTRAINT dashboard_links_purpose_check CHECK (purpose IN ('sign_in', 'reset', 'invite'));

-- A user's links: ended together when an invitation is resent, revoked or the user disabled, and
-- the Team page's "link expires" for each invited user.
CREATE INDEX dashboard_links_user ON dashboard_links (user_id, purpose);
