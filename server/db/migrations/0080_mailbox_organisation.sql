-- The sandbox mailbox shows a signed-in dashboard user their organisation's mail only (issue #40.5,
-- decision 0064): each mail names the organisation it was sent for. Mail kept before this names none
-- and is shown only where the mailbox is open to all (a local sandbox of one organisation, the CLI).
-- Keep to what Postgres 15 supports.

ALTER TABLE mailbox_messages ADD COLUMN organisation_id text;
CREATE INDEX mailbox_messages_organisation ON mailbox_messages (organisation_id, created_at, id);
