-- Read model of the providers' walk-in queues, projected from appointment- streams. One row per
-- walk-in appointment still on its provider's board: waiting (booked, Checked-In, Waiting-Room)
-- or In Progress. Checked-Out, Canceled, No-Show and Rejected remove the row. The line's order is
-- the order of arrival (seq: the booking event's global position).
CREATE TABLE rm_walk_in_queue (
  appointment_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  provider_id uuid NOT NULL,
  calendar_id uuid NOT NULL,
  patient_id uuid NOT NULL,
  booked_by uuid NOT NULL,
  visit_type text NOT NULL,
  status text NOT NULL,
  waiting boolean NOT NULL,
  arrived_at timestamptz NOT NULL,
  seq bigint NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_walk_in_queue_line_idx ON rm_walk_in_queue (provider_id, seq);
CREATE INDEX rm_walk_in_queue_practice_idx ON rm_walk_in_queue (practice_id, provider_id, seq);
