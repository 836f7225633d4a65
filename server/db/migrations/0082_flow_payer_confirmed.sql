-- The payer confirms the mandate before the bank authorisation that moves the money (issue #38.2,
-- decision 0078). When the bank is still to give the account, the billing request's
-- confirm_payer_details cannot complete yet (it requires the account, as the real API does): the
-- flow keeps the payer's confirmation here, and it is applied once the bank has answered.
-- Keep to what Postgres 15 supports.

ALTER TABLE billing_request_flows ADD COLUMN payer_confirmed_at timestamptz;
