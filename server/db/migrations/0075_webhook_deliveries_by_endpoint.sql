-- The dashboard lists one endpoint's deliveries a page at a time, newest first, optionally of one
-- status (decision 0049). Lists order by organisation first (decision 0047), so each index leads
-- with it; the endpoint is an equality and, filtered, so is the status, which leaves `id` as the
-- order the page walks. Without them a page read every delivery of the organisation, or of the
-- endpoint when filtered, to find 25.
--
-- Numbered from this change's decision range (0049) rather than after the latest migration, so
-- branches made in parallel do not take the same number; it touches only `webhooks`, which no
-- migration after 0007 changes, so it applies the same whichever order a database meets it in.
CREATE INDEX webhooks_endpoint_id ON webhooks (organisation_id, endpoint_id, id);
CREATE INDEX webhooks_endpoint_status ON webhooks (organisation_id, endpoint_id, status, id);
