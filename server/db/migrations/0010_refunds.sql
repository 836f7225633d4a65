-- Refunds and negative balance limits (issue #13). A refund's money moves on the ledger (0006) in
-- the transaction of its state move; the payment's `amount_refunded` changes in the same one.
-- Keep to what Postgres 15 supports (PGlite is 18).

CREATE TABLE refunds (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  creditor_id     text NOT NULL REFERENCES creditors (id),
  payment_id      text NOT NULL REFERENCES payments (id),
  mandate_id      text,
  amount          bigint NOT NULL CHECK (amount > 0),
  currency        text NOT NULL,
  reference       text,
  metadata        jsonb NOT NULL DEFAULT '{}',
  status          text NOT NULL CHECK (status IN (
                    'created', 'pending_submission', 'submitted', 'paid', 'cancelled', 'bounced',
                    'funds_returned')),
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX refunds_organisation_id ON refunds (organisation_id, id);
CREATE INDEX refunds_payment_id ON refunds (payment_id, id);
CREATE INDEX refunds_mandate_id ON refunds (mandate_id, id) WHERE mandate_id IS NOT NULL;

-- How far below zero a creditor's confirmed funds may go through refunds, per currency. No row
-- means the default: zero (no refund may make the balance negative).
CREATE TABLE negative_balance_limits (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  creditor_id     text NOT NULL REFERENCES creditors (id),
  currency        text NOT NULL,
  balance_limit   bigint NOT NULL CHECK (balance_limit >= 0),
  creator_user_id text,
  created_at      timestamptz NOT NULL,
  UNIQUE (creditor_id, currency)
);
CREATE INDEX negative_balance_limits_organisation_id ON negative_balance_limits (organisation_id, id);
