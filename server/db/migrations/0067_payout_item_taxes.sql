-- Issue #22: the tax on the service's fees (decision 0041). One row per fee entry of the ledger
-- (a `gocardless_fee` or `surcharge_fee` item), written when a payout first takes the entry: the
-- tax part of the fee at the rate in force in the creditor's jurisdiction on the fee's date, and
-- that tax in the jurisdiction's currency once the exchange rate is confirmed.
-- Keep to what Postgres 15 supports (PGlite is 18).

CREATE TABLE payout_item_taxes (
  ledger_entry_id      text PRIMARY KEY REFERENCES ledger_entries (id),
  organisation_id      text NOT NULL REFERENCES organisations (id),
  tax_rate_id          text NOT NULL REFERENCES tax_rates (id),
  -- Minor units of the fee's currency; the fee item's amount includes it.
  amount               bigint NOT NULL,
  currency             text NOT NULL,
  destination_currency text NOT NULL,
  -- Null until the rate from `currency` to `destination_currency` is confirmed (same currency: at once).
  destination_amount   bigint,
  exchange_rate        text,
  created_at           timestamptz NOT NULL,
  -- Same currency: no rate, and the amount is known at once.
  CHECK (currency <> destination_currency OR (exchange_rate IS NULL AND destination_amount = amount))
);
