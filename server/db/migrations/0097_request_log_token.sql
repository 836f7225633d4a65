-- The access token a logged request was made with (issue #39, decision 0094): the dashboard's
-- re-send replays a sandbox request with the same token's identity. Null for the requests logged
-- before this column, which cannot be re-sent.
ALTER TABLE request_logs ADD COLUMN access_token_id text;
