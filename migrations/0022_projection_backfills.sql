-- A projection added to a running service is back-filled from the log's start before it joins
-- the others: its progress, written by the process that back-fills it, read by every process
-- for /ops/projections. The row goes when the back-fill has swapped its tables in.
CREATE TABLE projection_backfills (
  name text PRIMARY KEY,
  applied bigint NOT NULL DEFAULT 0,
  total bigint NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- A calendar's settings change marks its coming visits that the new schedule leaves out: found by
-- calendar (the scheduling projection scanned every appointment for each change, live and in a
-- replay).
CREATE INDEX rm_appointments_calendar_idx ON rm_appointments (calendar_id, start_date);
