-- A payment's `fx` (issue #37, decision 0076): when a payout pays it out in another currency (the
-- creditor's fx_payout_currency, decision 0041) the payment names that currency and the payout's
-- estimated rate, then the confirmed rate and its own converted amount once the payout is paid.
-- All null for a payment paid out in its own currency. Keep to what Postgres 15 supports.

ALTER TABLE payments
  ADD COLUMN fx_currency text,
  ADD COLUMN fx_amount bigint,
  ADD COLUMN exchange_rate text,
  ADD COLUMN estimated_exchange_rate text;
