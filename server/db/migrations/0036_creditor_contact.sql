-- Issue #18: the creditor's contact in the footer of every payer page. The address columns are
-- the public API's; email and phone take the names the public API gives them on a creditor's
-- scheme identifiers (decision 0033). Both optional.
ALTER TABLE creditors
  ADD COLUMN email text,
  ADD COLUMN phone_number text;
