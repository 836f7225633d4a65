-- The payout run asks twice a second for pending payouts due to arrive
-- (`lockDuePayouts`: status = 'pending' AND arrival_date <= today ORDER BY id). With no index on
-- the status it read every payout ever made: 62 ms a run at 100,000 paid payouts per organisation
-- (`npm run bench:dashboard`, slow-statement log), a tenth of a core for nothing. Pending payouts
-- are few at any time: a partial index holds only them, in the order the run takes them.
CREATE INDEX payouts_pending ON payouts (id) WHERE status = 'pending';
