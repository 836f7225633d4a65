-- The ledger (issue #13): every movement of money is a posting of balanced entries, written in the
-- transaction that makes the state move and its event. Balances, payouts, payout items and payment
-- account balances are sums over these rows, never counters kept beside them.
-- Keep to what Postgres 15 supports (PGlite is 18).

-- Each creditor's account held by the service, one per currency. Its row is also the lock that
-- serialises postings which check a balance (refunds against the negative balance limit, payouts).
CREATE TABLE payment_accounts (
  id                    text PRIMARY KEY,
  organisation_id       text NOT NULL REFERENCES organisations (id),
  creditor_id           text NOT NULL REFERENCES creditors (id),
  currency              text NOT NULL,
  account_number_ending text NOT NULL,
  created_at            timestamptz NOT NULL,
  UNIQUE (creditor_id, currency)
);
CREATE INDEX payment_accounts_organisation_id ON payment_accounts (organisation_id, id);

CREATE TABLE ledger_entries (
  id              text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id),
  creditor_id     text NOT NULL REFERENCES creditors (id),
  currency        text NOT NULL,
  -- The entries of one posting share it and add up to zero (checked at commit, below).
  posting_id      text NOT NULL,
  account         text NOT NULL CHECK (account IN (
                    'payer', 'submitted', 'confirmed', 'refunds_in_flight', 'payout_pending',
                    'merchant_bank', 'fees')),
  amount          bigint NOT NULL CHECK (amount <> 0),
  -- On the `confirmed` account: what this entry is as a payout item.
  item_type       text CHECK (item_type IN (
                    'payment_paid_out', 'payment_failed', 'payment_charged_back', 'payment_refunded',
                    'refund', 'gocardless_fee', 'app_fee', 'revenue_share', 'surcharge_fee',
                    'refund_funds_returned')),
  payment_id      text,
  refund_id       text,
  mandate_id      text,
  -- Set when the entry is paid into a payout: once, by the payout that took it.
  payout_id       text,
  created_at      timestamptz NOT NULL
);
CREATE INDEX ledger_entries_balance ON ledger_entries (creditor_id, currency, account);
CREATE INDEX ledger_entries_unpaid ON ledger_entries (creditor_id, currency, id)
  WHERE account = 'confirmed' AND payout_id IS NULL;
CREATE INDEX ledger_entries_payout ON ledger_entries (payout_id, id) WHERE payout_id IS NOT NULL;
CREATE INDEX ledger_entries_posting ON ledger_entries (posting_id);

-- Double entry enforced by the database: at commit, every posting touched must add up to zero.
CREATE FUNCTION ledger_posting_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE posting_id = NEW.posting_id) <> 0 THEN
    RAISE EXCEPTION 'ledger posting % does not balance', NEW.posting_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_posting_balanced();
