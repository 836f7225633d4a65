-- SFTP delivery shown in the API and on the dashboard (issue #36, decision 0092). Keep to what
-- Postgres 15 supports.

-- Each pulled report file gets an id of its own, so `GET /bank_sftp_pulls` pages them by cursor
-- as every list does (`(organisation_id, id)`). Files pulled before this migration are given ids
-- in the order they were pulled.
ALTER TABLE bank_sftp_pulls ADD COLUMN id text;
UPDATE bank_sftp_pulls p SET id = 'BKP0' || lpad(n.rank::text, 25, '0')
  FROM (SELECT creditor_id, scheme, remote_name, row_number() OVER (ORDER BY created_at, remote_name) AS rank
          FROM bank_sftp_pulls) n
 WHERE n.creditor_id = p.creditor_id AND n.scheme = p.scheme AND n.remote_name = p.remote_name;
ALTER TABLE bank_sftp_pulls ALTER COLUMN id SET NOT NULL;
CREATE UNIQUE INDEX bank_sftp_pulls_id ON bank_sftp_pulls (id);
CREATE INDEX bank_sftp_pulls_organisation_id ON bank_sftp_pulls (organisation_id, id);
