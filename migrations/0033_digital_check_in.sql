-- Digital check-in (issue 20, item 1).
--
-- check_in_files: insurance card photos and drawn signatures, written by the API before the
-- event that names them (the event carries only the id, hash and metadata, never the bytes).
-- A row is never changed; a file no event names is an upload whose command failed.
CREATE TABLE check_in_files (
  file_id uuid PRIMARY KEY,
  appointment_id uuid NOT NULL,
  practice_id uuid NOT NULL,
  patient_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('insurance-front', 'insurance-back', 'signature')),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  size integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  sha256 text NOT NULL,
  bytes bytea NOT NULL,
  uploaded_by uuid NOT NULL,
  uploaded_at timestamptz NOT NULL
);
CREATE INDEX check_in_files_appointment ON check_in_files (appointment_id);

-- Read models of the digital-check-in projection.
-- A provider's settings (defaults when there is no row).
CREATE TABLE rm_dci_settings (
  provider_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  settings jsonb NOT NULL,
  position bigint NOT NULL
);

-- A practice's consent documents, at their latest version.
CREATE TABLE rm_dci_consents (
  consent_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  version integer NOT NULL,
  required boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_dci_consents_practice ON rm_dci_consents (practice_id);

-- Each appointment's check-in progress, for the Check-In Summary.
CREATE TABLE rm_dci_appointments (
  appointment_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  signed_consents jsonb NOT NULL DEFAULT '{}'::jsonb,
  copay_paid boolean NOT NULL DEFAULT false,
  insurance_card boolean NOT NULL DEFAULT false,
  forms_done boolean NOT NULL DEFAULT false,
  arrived boolean NOT NULL DEFAULT false,
  position bigint NOT NULL
);
CREATE INDEX rm_dci_appointments_practice ON rm_dci_appointments (practice_id);
