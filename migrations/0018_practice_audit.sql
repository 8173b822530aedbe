-- The practice's audit trail for people (issue 16): one row per event that touches a practice,
-- with its sentence and changed fields, kept by the practice-audit projection. The two lookup
-- tables carry what later events of an appointment or a calendar do not repeat (which practice
-- and patient, the settings before a change).
CREATE TABLE rm_practice_audit (
  position bigint PRIMARY KEY,
  practice_id uuid NOT NULL,
  kind text NOT NULL,
  event_type text NOT NULL,
  summary text NOT NULL,
  changes jsonb NOT NULL,
  patient_id uuid,
  appointment_id uuid,
  calendar_id uuid,
  actor_id text,
  actor_role text,
  on_behalf_of text,
  ip text,
  user_agent text,
  correlation_id text,
  recorded_at timestamptz NOT NULL
);
-- Every filter is within one practice and pages newest first by position.
CREATE INDEX rm_practice_audit_practice_idx ON rm_practice_audit (practice_id, position DESC);
CREATE INDEX rm_practice_audit_actor_idx ON rm_practice_audit (practice_id, actor_id, position DESC);
CREATE INDEX rm_practice_audit_patient_idx ON rm_practice_audit (practice_id, patient_id, position DESC)
  WHERE patient_id IS NOT NULL;
CREATE INDEX rm_practice_audit_appointment_idx ON rm_practice_audit (appointment_id, position DESC)
  WHERE appointment_id IS NOT NULL;
CREATE INDEX rm_practice_audit_calendar_idx ON rm_practice_audit (practice_id, calendar_id, position DESC)
  WHERE calendar_id IS NOT NULL;
CREATE INDEX rm_practice_audit_kind_idx ON rm_practice_audit (practice_id, kind, position DESC);
CREATE INDEX rm_practice_audit_time_idx ON rm_practice_audit (practice_id, recorded_at DESC);

CREATE TABLE rm_practice_audit_appointments (
  appointment_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  patient_id uuid NOT NULL,
  calendar_id uuid NOT NULL,
  start_date timestamptz NOT NULL,
  time_zone text NOT NULL
);

CREATE TABLE rm_practice_audit_calendars (
  calendar_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  settings jsonb NOT NULL
);
