-- Surveys, ratings and resources (issue 20 follow-ups): a provider's listing on the review site
-- (the spec's provider_reviews.place_id and url) kept with their reputation settings; when a
-- checked-out visit's survey link was sent to its patient (PatientInvitedToSurvey); and resources'
-- calendars found by resource, for the resource search's sort by availability.
ALTER TABLE rm_survey_settings ADD COLUMN place_id text, ADD COLUMN reviews_url text;
ALTER TABLE rm_visit_feedback ADD COLUMN survey_invited_at timestamptz;
CREATE INDEX rm_calendars_resource_idx ON rm_calendars (resource_id) WHERE resource_id IS NOT NULL;
