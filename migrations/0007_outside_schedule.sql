-- A booked appointment whose slot its calendar no longer offers (hours or blocks changed) is kept,
-- and flagged for the practice to move or cancel.
ALTER TABLE rm_appointments ADD COLUMN outside_schedule boolean NOT NULL DEFAULT false;
