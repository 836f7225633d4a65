-- When each access token was last used, as the dashboard's Developers page shows it. Written by
-- the maintenance job at most once a minute per process for all the tokens used since (one UPDATE),
-- never by the request that used the token: see docs/decisions/0035-dashboard-money-and-developers.md.
ALTER TABLE access_tokens ADD COLUMN last_used_at timestamptz;
