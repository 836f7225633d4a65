-- A flow's link records `flow_visited` at most once per window whatever the cookies (issue #41.2,
-- decision 0064): the visit is claimed by one conditional UPDATE of this stamp, which Postgres
-- decides exactly even when several processes receive the same link at once.
-- Keep to what Postgres 15 supports.

ALTER TABLE billing_request_flows ADD COLUMN visit_recorded_at timestamptz;
