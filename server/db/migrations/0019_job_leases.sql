-- Leases for background jobs that one process at a time should run when several share one
-- Postgres (the scheme clock, payout runs, import processing). A holder renews its lease every
-- round; when it dies the lease runs out and another process takes it over within seconds.
-- Keep to what Postgres 15 supports.

CREATE TABLE job_leases (
  name       text PRIMARY KEY,
  holder     text NOT NULL,
  expires_at timestamptz NOT NULL
);
