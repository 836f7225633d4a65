-- Every status column accepts only its resource's states (the lists in domain/<resource>/state.ts),
-- so a bug that writes an unknown status fails loudly instead of leaving a row no move can leave.
-- Blocks move from a boolean to a status like every other stateful resource; `active`, which the
-- API sends and enforcement filters on, is derived from it and can never disagree.
-- Keep to what Postgres 15 supports.

ALTER TABLE blocks ADD COLUMN status text;
UPDATE blocks SET status = CASE WHEN active THEN 'active' ELSE 'disabled' END;
ALTER TABLE blocks ALTER COLUMN status SET NOT NULL;
ALTER TABLE blocks ALTER COLUMN status SET DEFAULT 'active';
ALTER TABLE blocks DROP COLUMN active CASCADE;
ALTER TABLE blocks ADD COLUMN active boolean GENERATED ALWAYS AS (status = 'active') STORED;
CREATE INDEX blocks_active_match ON blocks (organisation_id, block_type, match_value) WHERE status = 'active';

ALTER TABLE blocks ADD CONSTRAINT blocks_status_check CHECK (status IN ('active', 'disabled'));

ALTER TABLE mandates ADD CONSTRAINT mandates_status_check CHECK (status IN (
  'pending_customer_approval', 'pending_submission', 'submitted', 'active', 'failed', 'cancelled',
  'expired', 'consumed', 'blocked', 'suspended_by_payer'));

ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN (
  'pending_customer_approval', 'pending_submission', 'submitted', 'confirmed', 'paid_out',
  'cancelled', 'customer_approval_denied', 'failed', 'charged_back'));

ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status IN (
  'pending_customer_approval', 'customer_approval_denied', 'active', 'finished', 'cancelled', 'paused'));

ALTER TABLE instalment_schedules ADD CONSTRAINT instalment_schedules_status_check CHECK (status IN (
  'pending', 'active', 'creation_failed', 'completed', 'cancelled', 'errored'));

ALTER TABLE billing_requests ADD CONSTRAINT billing_requests_status_check CHECK (status IN (
  'pending', 'ready_to_fulfil', 'fulfilling', 'fulfilled', 'cancelled'));

ALTER TABLE bank_authorisations ADD CONSTRAINT bank_authorisations_status_check CHECK (status IN (
  'pending', 'authorised', 'denied', 'failed', 'expired'));

ALTER TABLE creditors ADD CONSTRAINT creditors_verification_status_check CHECK (verification_status IN (
  'successful', 'in_review', 'action_required'));
