-- Issue #22: outbound payments (money sent from a creditor's payment account by Faster Payments)
-- and the payment account transactions read from the ledger. Decision 0034.
-- Keep to what Postgres 15 supports (PGlite is 18).

-- A creditor may require a second approver for its outbound payments (operator setting, CLI):
-- the payment then waits in `pending_approval` until a different access token approves it.
ALTER TABLE creditors ADD COLUMN outbound_payments_require_approval boolean NOT NULL DEFAULT false;

CREATE TABLE outbound_payments (
  id                          text PRIMARY KEY,
  organisation_id             text NOT NULL REFERENCES organisations (id),
  creditor_id                 text NOT NULL REFERENCES creditors (id),
  -- The recipient: a customer bank account, or for a withdrawal the creditor's own bank account.
  recipient_bank_account_id   text NOT NULL,
  customer_id                 text,
  outbound_payment_import_id  text REFERENCES outbound_payment_imports (id),
  is_withdrawal               boolean NOT NULL,
  amount                      bigint NOT NULL CHECK (amount > 0),
  currency                    text NOT NULL CHECK (currency = 'GBP'),
  scheme                      text NOT NULL CHECK (scheme = 'faster_payments'),
  description                 text,
  reference                   text,
  execution_date              date NOT NULL,
  status                      text NOT NULL CONSTRAINT outbound_payments_status_check CHECK (status IN (
                                'verifying', 'pending_approval', 'scheduled', 'executing', 'executed',
                                'cancelled', 'failed')),
  -- The recipient's name as we hold it (what the bank is asked to match), and its answer.
  recipient_name              text NOT NULL,
  verification_result         text CHECK (verification_result IN (
                                'full_match', 'partial_match', 'no_match', 'unable_to_match')),
  verification_actual_name    text,
  -- The access token that created it: approval must come from another one.
  created_by_token_id         text NOT NULL,
  approved_by_token_id        text,
  metadata                    jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at                  timestamptz NOT NULL,
  updated_at                  timestamptz NOT NULL,
  CHECK (approved_by_token_id IS NULL OR approved_by_token_id <> created_by_token_id)
);
CREATE INDEX outbound_payments_organisation ON outbound_payments (organisation_id, id);
CREATE INDEX outbound_payments_organisation_status ON outbound_payments (organisation_id, status, id);

-- Outbound payments leave the creditor's confirmed funds (a payout item on `confirmed`, so a
-- payout's items still add up to it), wait in `outbound_in_flight`, then reach `recipients`.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (account IN (
  'payer', 'submitted', 'confirmed', 'refunds_in_flight', 'payout_pending', 'merchant_bank', 'fees',
  'outbound_in_flight', 'recipients'));
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_item_type_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_item_type_check CHECK (item_type IN (
  'payment_paid_out', 'payment_failed', 'payment_charged_back', 'payment_refunded', 'refund',
  'gocardless_fee', 'app_fee', 'revenue_share', 'surcharge_fee', 'refund_funds_returned',
  'outbound_payment'));
ALTER TABLE ledger_entries ADD COLUMN outbound_payment_id text;

-- Payment account transactions: the postings that change what a payment account holds
-- (`confirmed` + `payout_pending`), in posting order per creditor and currency.
CREATE INDEX ledger_entries_held_postings ON ledger_entries (creditor_id, currency, posting_id)
  WHERE account IN ('confirmed', 'payout_pending');
