-- Email and email-domain blocks compare a normalised form (issue #40.4, decision 0064): NFKC, lower
-- case, no trailing dot on the domain, and no `+tag` on an email's local part. The blocks made before
-- kept a lower-cased copy only; they are brought to the form server/domain/shared/email.ts now makes.
-- The lookup stays on blocks_active_match (organisation_id, block_type, match_value).
-- Keep to what Postgres 15 supports (normalize() is there from 13, on a UTF8 database).

UPDATE blocks SET match_value = rtrim(lower(normalize(btrim(match_value), NFKC)), '.')
  WHERE block_type IN ('email', 'email_domain');
UPDATE blocks SET match_value = regexp_replace(match_value, '^([^+@]+)\+[^@]*@', '\1@')
  WHERE block_type = 'email';
