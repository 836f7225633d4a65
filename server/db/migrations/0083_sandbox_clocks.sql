-- Test clocks (issue #39, decision 0079): a sandbox organisation's own time, frozen and moved
-- forward through `/sandbox/clock`. `sandbox_clock_at` is the organisation's time when it was last
-- set (null: the organisation follows real time), `sandbox_clock_set_at` the real time it was set
-- at, and `sandbox_clock_frozen` whether it stands still (false: it runs on from `sandbox_clock_at`
-- as real time passes). Never set in live. Keep to what Postgres 15 supports.

ALTER TABLE organisations ADD COLUMN sandbox_clock_at timestamptz;
ALTER TABLE organisations ADD COLUMN sandbox_clock_set_at timestamptz;
ALTER TABLE organisations ADD COLUMN sandbox_clock_frozen boolean NOT NULL DEFAULT false;

-- An advance claims one organisation's due moves in due order.
CREATE INDEX scheduled_transitions_organisation_due ON scheduled_transitions (organisation_id, due_at);
