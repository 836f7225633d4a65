-- A sandbox organisation may hold its payouts back (issue #39, decision 0073): its confirmed funds
-- stay in its balance, so refunds and outbound payments have something to draw on. Never set in live.
-- Keep to what Postgres 15 supports.

ALTER TABLE organisations ADD COLUMN sandbox_payouts_held boolean NOT NULL DEFAULT false;

-- What the server knows about itself that the CLI, a separate process, needs: the PUBLIC_URL its
-- links are on (issue #39: `users create-admin` printed port 3000 whatever the server's PORT).
CREATE TABLE server_facts (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL
);
