-- Issue 18, back office: why a request was rejected (the patient reads it on their appointment),
-- and the facts each notification's sentence tells as they were when its event took place: who
-- acted (the event's metadata: their account and role, and whom they acted for) and, for a
-- reschedule, the time it moved from. Rows from before have none: their sentences say less.
ALTER TABLE rm_appointments ADD COLUMN rejection_reason text;

ALTER TABLE rm_notifications
  ADD COLUMN actor_id text,
  ADD COLUMN actor_role text,
  ADD COLUMN from_start_date timestamptz;
