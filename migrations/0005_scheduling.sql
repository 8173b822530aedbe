-- Read models of scheduling, projected from calendar-, slot- and appointment- streams.
CREATE TABLE rm_calendars (
  calendar_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  provider_id uuid,
  resource_id uuid,
  facility_id uuid NOT NULL,
  name text NOT NULL,
  settings jsonb NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_calendars_provider_idx ON rm_calendars (provider_id);
CREATE INDEX rm_calendars_practice_idx ON rm_calendars (practice_id);

-- One row per slot that has been touched; untouched slots have the calendar's full capacity.
CREATE TABLE rm_slot_capacity (
  calendar_id uuid NOT NULL,
  start_at timestamptz NOT NULL,
  capacity int NOT NULL,
  holds int NOT NULL,
  bookings int NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (calendar_id, start_at)
);

-- Live holds, for the scheduler that expires them.
CREATE TABLE rm_slot_holds (
  hold_id uuid PRIMARY KEY,
  calendar_id uuid NOT NULL,
  start_at timestamptz NOT NULL,
  patient_id uuid NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rm_slot_holds_expiry_idx ON rm_slot_holds (expires_at);

CREATE TABLE rm_appointments (
  appointment_id uuid PRIMARY KEY,
  calendar_id uuid NOT NULL,
  practice_id uuid NOT NULL,
  provider_id uuid,
  resource_id uuid,
  facility_id uuid NOT NULL,
  patient_id uuid NOT NULL,
  booked_by uuid NOT NULL,
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL,
  time_zone text NOT NULL,
  visit_type text NOT NULL,
  visit_schedule_type text NOT NULL,
  reason text,
  status text NOT NULL,
  rejected_by uuid,
  cancel_reason text,
  created_on timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_appointments_provider_idx ON rm_appointments (provider_id, start_date);
CREATE INDEX rm_appointments_patient_idx ON rm_appointments (patient_id, start_date);
CREATE INDEX rm_appointments_practice_idx ON rm_appointments (practice_id, start_date);
