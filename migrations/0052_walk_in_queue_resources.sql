-- Walk-ins on resource calendars (a lab draw, an X-ray) join that resource's queue, as walk-ins on
-- a provider's calendar join the provider's: a line belongs to a provider or to a resource.
ALTER TABLE rm_walk_in_queue
  ALTER COLUMN provider_id DROP NOT NULL,
  ADD COLUMN resource_id uuid,
  ADD CONSTRAINT rm_walk_in_queue_one_owner CHECK (num_nonnulls(provider_id, resource_id) = 1);
CREATE INDEX rm_walk_in_queue_resource_idx ON rm_walk_in_queue (resource_id, seq)
  WHERE resource_id IS NOT NULL;

-- Walk-ins already booked on resource calendars were left out: the queue is back-filled from the
-- log's start (its table rebuilt aside and swapped in). A rolling deploy must not run an older
-- leader meanwhile (docs/operations.md, migrations that reset a checkpoint).
DELETE FROM projection_checkpoints WHERE name = 'walk-in-queue';
DELETE FROM projection_backfills WHERE name = 'walk-in-queue';
