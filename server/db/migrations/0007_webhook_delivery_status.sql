-- Webhook deliveries keep their state in a status column, moved only by the state runner
-- (domain/webhooks/state.ts), instead of reading it from `successful` and `next_attempt_at`.
-- (0005 is intentionally unused.) Keep to what Postgres 15 supports.
--
--   pending    made, not tried yet (due at next_attempt_at)
--   retrying   tried and refused, due again at next_attempt_at
--   succeeded  an attempt was answered 2xx
--   failed     its retry period ended without success (a merchant can still retry it by hand)
--
-- A worker's lease (lease_expires_at, claim_token) is not a state: a claimed delivery stays
-- pending or retrying, and another worker takes it over once the lease runs out.

ALTER TABLE webhooks ADD COLUMN status text;
UPDATE webhooks SET status = CASE
  WHEN successful THEN 'succeeded'
  WHEN next_attempt_at IS NULL THEN 'failed'
  WHEN attempts = 0 THEN 'pending'
  ELSE 'retrying'
END;
ALTER TABLE webhooks ALTER COLUMN status SET NOT NULL;
ALTER TABLE webhooks ALTER COLUMN status SET DEFAULT 'pending';
ALTER TABLE webhooks ADD CONSTRAINT webhooks_status_check CHECK (status IN ('pending', 'retrying', 'succeeded', 'failed'));

-- Only a delivery still to be tried is scheduled; a finished one never is.
UPDATE webhooks SET next_attempt_at = NULL WHERE status IN ('succeeded', 'failed');
ALTER TABLE webhooks ADD CONSTRAINT webhooks_next_attempt_check
  CHECK ((status IN ('pending', 'retrying')) = (next_attempt_at IS NOT NULL));

-- The API's `successful` (its field and its list filter) is derived from the status, so the two
-- can never disagree.
ALTER TABLE webhooks DROP COLUMN successful;
ALTER TABLE webhooks ADD COLUMN successful boolean GENERATED ALWAYS AS (status = 'succeeded') STORED;
