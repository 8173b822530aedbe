-- Read models of the calendars' waiting lists, projected from waitlist- streams. One row per
-- patient on a list; the line's order is the order of joining (seq: the joining event's position).
CREATE TABLE rm_waitlist (
  calendar_id uuid NOT NULL,
  patient_id uuid NOT NULL,
  joined_by uuid NOT NULL,
  provider_id uuid,
  resource_id uuid,
  practice_id uuid NOT NULL,
  type text NOT NULL,
  seq bigint NOT NULL,
  joined_at timestamptz NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (calendar_id, patient_id)
);
CREATE INDEX rm_waitlist_patient_idx ON rm_waitlist (patient_id);
CREATE INDEX rm_waitlist_joined_by_idx ON rm_waitlist (joined_by);
CREATE INDEX rm_waitlist_line_idx ON rm_waitlist (calendar_id, seq);

-- Offers of freed slots, each held for its patient until expires_at.
CREATE TABLE rm_waitlist_offers (
  offer_id uuid PRIMARY KEY,
  calendar_id uuid NOT NULL,
  patient_id uuid NOT NULL,
  start_date timestamptz NOT NULL,
  hold_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  status text NOT NULL,
  offered_at timestamptz NOT NULL,
  appointment_id uuid,
  position bigint NOT NULL
);
CREATE INDEX rm_waitlist_offers_patient_idx ON rm_waitlist_offers (patient_id, calendar_id);
CREATE INDEX rm_waitlist_offers_due_idx ON rm_waitlist_offers (expires_at) WHERE status = 'Offered';
