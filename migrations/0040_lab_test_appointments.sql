-- Lab-test appointments (issue 20, item 4): a booking on a calendar marked as a lab test carries
-- is_lab_test_appointment; appointments booked before it read false.
ALTER TABLE rm_appointments ADD COLUMN is_lab_test_appointment boolean NOT NULL DEFAULT false;
