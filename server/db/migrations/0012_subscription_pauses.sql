-- Subscription pauses: each pause skips whole charge cycles from the charge it was made before,
-- so the k-th charge's date stays a pure function of the subscription (see subscriptions/schedule.ts).
-- An entry is {"from_charge": k, "cycles": n}; "cycles" is null while a pause without
-- pause_cycles lasts, and set to the cycles it passed over when it is resumed.
ALTER TABLE subscriptions ADD COLUMN pauses jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_pauses_is_array CHECK (jsonb_typeof(pauses) = 'array');
-- The end of a subscription created with end_date must come after its start.
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_end_after_start CHECK (end_date IS NULL OR end_date > start_date);
