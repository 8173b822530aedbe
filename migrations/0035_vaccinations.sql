-- Vaccination passport (issue 20 item 2): every dose recorded for a patient (an account or a
-- family member), kept by the vaccinations projection from the vaccination-record-<id> streams.
CREATE TABLE rm_vaccinations (
  vaccination_id uuid PRIMARY KEY,
  patient_id uuid NOT NULL,
  vaccine_kind text NOT NULL,
  vaccine_name text NOT NULL,
  administered_on text NOT NULL,
  lot_number text NOT NULL,
  dose_number integer NOT NULL,
  practice_id uuid NOT NULL,
  practice_name text NOT NULL,
  recorded_by uuid NOT NULL,
  recorded_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_vaccinations_patient_idx ON rm_vaccinations (patient_id, administered_on);
