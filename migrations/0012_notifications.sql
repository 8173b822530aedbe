-- Read models of the practice's notifications, projected from appointment-, calendar- and
-- notifications- streams. A notification's id is the id of the event that raised it.
CREATE TABLE rm_notifications (
  notification_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  provider_id uuid,
  resource_id uuid,
  patient_id uuid NOT NULL,
  appointment_id uuid NOT NULL,
  notification_type text NOT NULL,
  notification_status text NOT NULL,
  appointment_status text NOT NULL,
  appointment_start_date timestamptz NOT NULL,
  notification_date timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_notifications_practice_idx ON rm_notifications (practice_id, notification_date DESC);
CREATE INDEX rm_notifications_appointment_idx ON rm_notifications (appointment_id);

-- What the notifications projection needs to know of each appointment: its practice and status
-- (status events name only the appointment), and the practice's pending requests count.
CREATE TABLE rm_notification_appointments (
  appointment_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  provider_id uuid,
  resource_id uuid,
  patient_id uuid NOT NULL,
  status text NOT NULL,
  start_date timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_notification_appointments_status_idx
  ON rm_notification_appointments (practice_id, status);

-- Each calendar's provider and accept/reject setting, for the settings push.
CREATE TABLE rm_notification_calendars (
  calendar_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  provider_id uuid,
  accept_reject_enabled boolean NOT NULL,
  position bigint NOT NULL
);
