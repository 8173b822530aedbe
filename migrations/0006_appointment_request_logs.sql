-- Read model: who accepted or rejected each appointment request, and when.
CREATE TABLE rm_appointment_request_logs (
  appointment_id uuid NOT NULL,
  practice_id uuid NOT NULL,
  action text NOT NULL,
  action_by_userid uuid NOT NULL,
  action_at timestamptz NOT NULL,
  position bigint PRIMARY KEY
);
CREATE INDEX rm_appointment_request_logs_practice_idx
  ON rm_appointment_request_logs (practice_id, action_at DESC);
CREATE INDEX rm_appointments_status_idx ON rm_appointments (practice_id, status);
