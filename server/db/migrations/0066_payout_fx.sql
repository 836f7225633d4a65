-- Issue #22: payouts in another currency, and the currency a payout's fee taxes are due in
-- (decision 0041). A payout keeps the currency it collected in (`currency`, `amount`: what its items
-- add up to, what the ledger moved); `fx_currency` is the currency its bank account is paid in.
-- Keep to what Postgres 15 supports (PGlite is 18).

ALTER TABLE payouts
  ADD COLUMN fx_currency text CHECK (fx_currency IN ('AUD', 'CAD', 'DKK', 'EUR', 'GBP', 'NZD', 'SEK', 'USD')),
  -- The operator's rate in force when the payout was made: shown until the payout is paid.
  ADD COLUMN estimated_exchange_rate text,
  -- The rate in force when the payout was paid, and the amount it converted to (minor units).
  ADD COLUMN exchange_rate text,
  ADD COLUMN fx_amount bigint CHECK (fx_amount IS NULL OR fx_amount >= 0),
  -- The currency of the creditor's tax jurisdiction, when the payout's fees carry taxes.
  ADD COLUMN tax_currency text,
  ADD CONSTRAINT payouts_fx_in_another_currency CHECK (fx_currency IS NULL OR fx_currency <> currency),
  ADD CONSTRAINT payouts_fx_rate_with_amount CHECK ((exchange_rate IS NULL) = (fx_amount IS NULL));

-- Whether a creditor takes payouts in another currency is the operator's setting (the column
-- exists since 0002): only a currency of the eight.
ALTER TABLE creditors
  ADD CONSTRAINT creditors_fx_payout_currency CHECK (
    fx_payout_currency IS NULL OR fx_payout_currency IN ('AUD', 'CAD', 'DKK', 'EUR', 'GBP', 'NZD', 'SEK', 'USD'));
