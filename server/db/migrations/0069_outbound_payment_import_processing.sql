-- Outbound payment imports are authorised by the merchant in the dashboard and then processed:
-- each valid entry becomes an outbound payment (issues #14 and #22, decision 0043).
-- Keep to what Postgres 15 supports (PGlite is 18).

-- Who made the import (its payments are created under that token, so a second approver, when the
-- creditor requires one, is still another token) and who authorised it, when.
ALTER TABLE outbound_payment_imports ADD COLUMN created_by_token_id text;
ALTER TABLE outbound_payment_imports ADD COLUMN authorised_by_user_id text;
ALTER TABLE outbound_payment_imports ADD COLUMN authorised_at timestamptz;
-- What processing made of the valid entries, counted as each batch commits.
ALTER TABLE outbound_payment_imports ADD COLUMN processed_count integer NOT NULL DEFAULT 0;
ALTER TABLE outbound_payment_imports ADD COLUMN failed_to_process_count integer NOT NULL DEFAULT 0;

-- An entry validated `valid` ends `processed` (its outbound payment linked) or `failed_to_process`
-- (why, in `validation_errors`, the only reason field the public API's entry has).
ALTER TABLE outbound_payment_import_entries DROP CONSTRAINT outbound_payment_import_entries_status_check;
ALTER TABLE outbound_payment_import_entries ADD CONSTRAINT outbound_payment_import_entries_status_check
  CHECK (status IN ('valid', 'invalid', 'processed', 'failed_to_process'));
ALTER TABLE outbound_payment_import_entries ADD COLUMN outbound_payment_id text REFERENCES outbound_payments (id);
ALTER TABLE outbound_payment_import_entries ADD COLUMN processed_at timestamptz;
ALTER TABLE outbound_payment_import_entries ADD COLUMN verification_result text CHECK (verification_result IN (
  'full_match', 'partial_match', 'no_match', 'unable_to_match'));
-- One outbound payment per entry, whatever two workers do.
CREATE UNIQUE INDEX outbound_payment_import_entries_payment ON outbound_payment_import_entries (outbound_payment_id)
  WHERE outbound_payment_id IS NOT NULL;

-- The processing job's work lists: imports being processed, and their entries still to process.
CREATE INDEX outbound_payment_imports_processing ON outbound_payment_imports (id) WHERE status = 'processing';
CREATE INDEX outbound_payment_import_entries_to_process ON outbound_payment_import_entries (outbound_payment_import_id, id)
  WHERE status = 'valid';
