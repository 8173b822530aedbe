-- The event a projection is stuck on, kept with its checkpoint so every API process (not only the
-- one running the projection) can name it in /ops/projections. Cleared by the next batch applied.
ALTER TABLE projection_checkpoints
  ADD COLUMN failing_position bigint,
  ADD COLUMN failing_event_type text,
  ADD COLUMN failing_error text,
  ADD COLUMN failing_since timestamptz,
  ADD COLUMN failing_attempts integer NOT NULL DEFAULT 0;
