-- Tax rates and currency exchange rates (issue 22). Both are the service's reference data, the same
-- for every organisation. Tax rates per jurisdiction with their validity dates are public facts,
-- seeded here; exchange rates are the operator's (the sandbox seeds a set at start-up, the CLI
-- updates them). Keep to what Postgres 15 supports.

CREATE TABLE tax_rates (
  id           text PRIMARY KEY,
  jurisdiction text NOT NULL CHECK (jurisdiction ~ '^[A-Z]{2}$'),
  type         text NOT NULL,
  -- A decimal string, as the public API sends it ("20.0").
  percentage   text NOT NULL CHECK (percentage ~ '^[0-9]{1,3}(\.[0-9]{1,4})?$'),
  start_date   date NOT NULL,
  end_date     date CHECK (end_date IS NULL OR end_date >= start_date)
);
CREATE INDEX tax_rates_jurisdiction ON tax_rates (jurisdiction, id);

-- Standard rates, as published by each jurisdiction's tax authority.
INSERT INTO tax_rates (id, jurisdiction, type, percentage, start_date, end_date) VALUES
  ('AU_GST_1', 'AU', 'GST', '10.0', DATE '2000-07-01', NULL),
  ('CA_GST_1', 'CA', 'GST', '5.0', DATE '2008-01-01', NULL),
  ('DE_VAT_1', 'DE', 'VAT', '19.0', DATE '2007-01-01', DATE '2020-06-30'),
  ('DE_VAT_2', 'DE', 'VAT', '16.0', DATE '2020-07-01', DATE '2020-12-31'),
  ('DE_VAT_3', 'DE', 'VAT', '19.0', DATE '2021-01-01', NULL),
  ('DK_VAT_1', 'DK', 'VAT', '25.0', DATE '1992-01-01', NULL),
  ('ES_VAT_1', 'ES', 'VAT', '21.0', DATE '2012-09-01', NULL),
  ('FR_VAT_1', 'FR', 'VAT', '20.0', DATE '2014-01-01', NULL),
  ('GB_VAT_1', 'GB', 'VAT', '20.0', DATE '2011-01-04', NULL),
  ('IE_VAT_1', 'IE', 'VAT', '23.0', DATE '2012-01-01', DATE '2020-08-31'),
  ('IE_VAT_2', 'IE', 'VAT', '21.0', DATE '2020-09-01', DATE '2021-02-28'),
  ('IE_VAT_3', 'IE', 'VAT', '23.0', DATE '2021-03-01', NULL),
  ('IT_VAT_1', 'IT', 'VAT', '22.0', DATE '2013-10-01', NULL),
  ('NL_VAT_1', 'NL', 'VAT', '21.0', DATE '2012-10-01', NULL),
  ('NZ_GST_1', 'NZ', 'GST', '15.0', DATE '2010-10-01', NULL),
  ('SE_VAT_1', 'SE', 'VAT', '25.0', DATE '1990-07-01', NULL);

-- One row per currency pair: an update replaces the rate and takes a new id, so the newest
-- updates page first (cursor on the id, as everywhere).
CREATE TABLE currency_exchange_rates (
  id     text PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('AUD', 'CAD', 'DKK', 'EUR', 'GBP', 'NZD', 'SEK', 'USD')),
  target text NOT NULL CHECK (target IN ('AUD', 'CAD', 'DKK', 'EUR', 'GBP', 'NZD', 'SEK', 'USD')),
  -- A decimal string, exact as set: a float would not survive the round trip.
  rate   text NOT NULL CHECK (rate ~ '^[0-9]{1,9}(\.[0-9]{1,10})?$' AND rate !~ '^0+(\.0+)?$'),
  time   timestamptz NOT NULL,
  CHECK (source <> target),
  UNIQUE (source, target)
);
CREATE INDEX currency_exchange_rates_source ON currency_exchange_rates (source, id);
CREATE INDEX currency_exchange_rates_target ON currency_exchange_rates (target, id);
