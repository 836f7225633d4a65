-- Payer notices (issue 21): the billing-request `notify` outbox grows into the one outbox of every
-- mail a payer receives. A notice is written in the transaction of the event that causes it, and
-- the sender (server/jobs/notification-delivery.ts) claims due rows with a lease, sends after
-- commit, and records the outcome. Keep to what Postgres 15 supports.
--
--   pending  waiting to be sent (due at next_attempt_at; retried with back-off after a soft failure)
--   sent     accepted by the SMTP server (or the embedded mailbox)
--   failed   never will be: no usable address, or a hard bounce (5xx); failure_reason says which
--
-- A claim (claimed_until) is not a state: a claimed notice stays pending, and another process
-- takes it over once the claim runs out.

ALTER TABLE notifications ALTER COLUMN billing_request_id DROP NOT NULL;
ALTER TABLE notifications ADD COLUMN notice_type text NOT NULL DEFAULT 'billing_request_notify';
ALTER TABLE notifications ALTER COLUMN notice_type DROP DEFAULT;
ALTER TABLE notifications ADD COLUMN creditor_id text REFERENCES creditors (id);
ALTER TABLE notifications ADD COLUMN customer_id text REFERENCES customers (id);
ALTER TABLE notifications ADD COLUMN event_id text;
-- The resources the notice is about: {mandate, payment, subscription, instalment_schedule, refund}.
ALTER TABLE notifications ADD COLUMN links jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE notifications ADD COLUMN language text NOT NULL DEFAULT 'en';
ALTER TABLE notifications ALTER COLUMN recipient DROP NOT NULL;
ALTER TABLE notifications ADD COLUMN status text NOT NULL DEFAULT 'pending';
ALTER TABLE notifications ADD COLUMN failure_reason text;
ALTER TABLE notifications ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE notifications ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE notifications ADD COLUMN claimed_until timestamptz;
ALTER TABLE notifications ADD COLUMN last_error text;

UPDATE notifications SET status = 'sent' WHERE sent_at IS NOT NULL;
UPDATE notifications SET next_attempt_at = created_at WHERE status = 'pending';
ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('pending', 'sent', 'failed'));
ALTER TABLE notifications ADD CONSTRAINT notifications_next_attempt_check
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL));
ALTER TABLE notifications ADD CONSTRAINT notifications_failure_reason_check
  CHECK ((status = 'failed') = (failure_reason IS NOT NULL));

DROP INDEX notifications_unsent;
CREATE INDEX notifications_due ON notifications (next_attempt_at) WHERE status = 'pending';
CREATE INDEX notifications_customer ON notifications (customer_id, created_at);

-- The embedded mailbox: with no SMTP_URL every mail the service sends is kept here, readable at
-- /sandbox/mailbox and with `bankflow mailbox`. Nothing here is ever sent anywhere.
CREATE TABLE mailbox_messages (
  id              text PRIMARY KEY,
  notification_id text,
  recipient       text NOT NULL,
  sender          text NOT NULL,
  subject         text NOT NULL,
  language        text NOT NULL,
  html            text,
  text_body       text NOT NULL,
  created_at      timestamptz NOT NULL
);
CREATE INDEX mailbox_messages_created ON mailbox_messages (created_at DESC, id DESC);
