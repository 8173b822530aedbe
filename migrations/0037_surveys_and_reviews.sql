-- Issue 20 item 3, surveys and reviews: each provider's post-visit survey and reputation settings
-- (kept by the reviews projection from ProviderSurveySettingsChanged), and per appointment what its
-- patient is asked after the visit (the survey link, fixed when the visit is completed) and the
-- review they gave (VisitReviewed), for the patient's dashboard and the practice's lists.
CREATE TABLE rm_survey_settings (
  provider_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  post_visit_survey_enabled boolean NOT NULL,
  post_visit_feedback_enabled boolean NOT NULL,
  patient_survey_instructions text,
  survey_link_base text,
  has_reputation_enabled boolean NOT NULL,
  reputation_business_id text,
  position bigint NOT NULL
);
CREATE INDEX rm_survey_settings_practice ON rm_survey_settings (practice_id);

CREATE TABLE rm_visit_feedback (
  appointment_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  provider_id uuid,
  resource_id uuid,
  facility_id uuid NOT NULL,
  patient_id uuid NOT NULL,
  booked_by uuid NOT NULL,
  start_date timestamptz NOT NULL,
  time_zone text NOT NULL,
  status text NOT NULL,
  completed_at timestamptz,
  survey_link text,
  feedback_enabled boolean NOT NULL DEFAULT false,
  rating integer,
  comment text,
  reviewed_at timestamptz,
  position bigint NOT NULL
);
CREATE INDEX rm_visit_feedback_patient ON rm_visit_feedback (patient_id);
CREATE INDEX rm_visit_feedback_booked_by ON rm_visit_feedback (booked_by);
CREATE INDEX rm_visit_feedback_practice_reviews ON rm_visit_feedback (practice_id, reviewed_at)
  WHERE reviewed_at IS NOT NULL;
CREATE INDEX rm_visit_feedback_provider_reviews ON rm_visit_feedback (provider_id, reviewed_at)
  WHERE reviewed_at IS NOT NULL;
