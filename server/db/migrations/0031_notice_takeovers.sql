-- Payer notices a merchant sends itself (issue 21 § 5), per creditor and per notice type, set by
-- the operator (`npm run cli -- notices take-over`). While a row exists the service queues no
-- notice of that type for that creditor. Keep to what Postgres 15 supports.
CREATE TABLE notice_takeovers (
  creditor_id text NOT NULL REFERENCES creditors (id),
  notice_type text NOT NULL CHECK (notice_type IN ('mandate_created', 'payment_created', 'payment_cancelled',
    'subscription_created', 'subscription_cancelled', 'instalment_schedule_created', 'instalment_schedule_cancelled',
    'payment_failed', 'mandate_cancelled', 'mandate_expired', 'refund_created')),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (creditor_id, notice_type)
);
