-- The dashboard's searches walk the same cursor (newest id first) as its lists: a payment's exact
-- reference and a customer's whole email address each get an index ending in the id, so a search
-- is one range scan however many payments or customers the organisation has.
CREATE INDEX payments_organisation_reference ON payments (organisation_id, reference, id);
CREATE INDEX customers_organisation_email ON customers (organisation_id, lower(email), id);
