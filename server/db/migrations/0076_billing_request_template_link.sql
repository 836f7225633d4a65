-- A billing request made through a template's link (`/pay/templates/<BRT id>`) names its template,
-- so a template's page can list what it has produced: a cursor on (organisation, template, id), as
-- billing_requests_customer serves a customer's. Requests made any other way have none, and the
-- partial index holds only the ones that do. Keep to what Postgres 15 supports.
ALTER TABLE billing_requests ADD COLUMN billing_request_template_id text REFERENCES billing_request_templates (id);
CREATE INDEX billing_requests_template ON billing_requests (organisation_id, billing_request_template_id, id)
  WHERE billing_request_template_id IS NOT NULL;
