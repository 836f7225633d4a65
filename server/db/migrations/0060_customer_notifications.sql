-- Notices a merchant takes over (issue 21 § 5, decision 0038). A taken-over notice is no longer
-- skipped: it is written pending with a deadline, its event carries it in `customer_notifications`,
-- and the sender leaves it alone until the deadline (next_attempt_at = deadline). Before then the
-- merchant may mark it handled (`POST /customer_notifications/{id}/actions/handle`); after it, the
-- service sends the notice itself. Keep to what Postgres 15 supports.

ALTER TABLE notifications ADD COLUMN deadline timestamptz;
ALTER TABLE notifications ADD COLUMN mandatory boolean;
ALTER TABLE notifications ADD COLUMN action_taken text CHECK (action_taken IN ('handled'));
ALTER TABLE notifications ADD COLUMN action_taken_at timestamptz;
ALTER TABLE notifications ADD COLUMN action_taken_by text;

ALTER TABLE notifications DROP CONSTRAINT notifications_status_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_status_check
  CHECK (status IN ('pending', 'sent', 'failed', 'handled'));
-- Handled is the merchant's doing, and only a notice with a deadline (a customer notification) has one.
ALTER TABLE notifications ADD CONSTRAINT notifications_handled_check
  CHECK ((status = 'handled') = (action_taken IS NOT NULL AND action_taken_at IS NOT NULL));
ALTER TABLE notifications ADD CONSTRAINT notifications_deadline_check
  CHECK ((deadline IS NULL) = (mandatory IS NULL) AND (status <> 'handled' OR deadline IS NOT NULL));

-- What an event tells the merchant about the notices it may send itself: [{id, type, deadline,
-- mandatory}], written once with the event (webhooks serialize the same row).
ALTER TABLE events ADD COLUMN customer_notifications jsonb;

-- Only the public API's customer_notifications types can be taken over: a merchant is told about a
-- taken-over notice in the event's `customer_notifications`, whose `type` is one of these. Take-overs
-- of the service's other notices (payment failed, mandate cancelled or expired, refund) queued no
-- mail and told the merchant nothing; they are dropped, so the service sends those notices again.
ALTER TABLE notice_takeovers DROP CONSTRAINT notice_takeovers_notice_type_check;
DELETE FROM notice_takeovers WHERE notice_type NOT IN ('payment_created', 'payment_cancelled', 'mandate_created',
  'mandate_blocked', 'subscription_created', 'subscription_cancelled', 'instalment_schedule_created',
  'instalment_schedule_cancelled');
ALTER TABLE notice_takeovers ADD CONSTRAINT notice_takeovers_notice_type_check
  CHECK (notice_type IN ('payment_created', 'payment_cancelled', 'mandate_created', 'mandate_blocked',
    'subscription_created', 'subscription_cancelled', 'instalment_schedule_created', 'instalment_schedule_cancelled'));
