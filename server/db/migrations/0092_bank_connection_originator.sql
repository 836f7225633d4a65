-- The file bank (issue #36, decision 0081). Keep to what Postgres 15 supports.

-- The originator's own account at its bank, which a file names beside the service user number or
-- creditor identifier: the Bacs contra (sort code, account number), the SEPA creditor's IBAN and
-- BIC, the ACH ODFI's routing number. The merchant's own account, not a payer's.
ALTER TABLE bank_connections ADD COLUMN originator jsonb;

-- A cut-off selects a creditor's instructions due in one scheme: only rows still to submit.
CREATE INDEX payments_pending_submission ON payments (creditor_id, scheme, charge_date)
  WHERE status = 'pending_submission';
CREATE INDEX mandates_pending_submission ON mandates (creditor_id, scheme) WHERE status = 'pending_submission';
