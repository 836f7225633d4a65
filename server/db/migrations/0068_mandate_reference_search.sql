-- The dashboard's mandate search by reference walks the same cursor (newest id first) as the list:
-- an index ending in the id makes it one range scan however many mandates the organisation has
-- (as payments_organisation_reference, 0022, does for payments). Without it a reference that
-- matches nothing read every one of the organisation's mandates. Decision 0042.
-- Keep to what Postgres 15 supports.
CREATE INDEX mandates_organisation_reference ON mandates (organisation_id, reference, id);
