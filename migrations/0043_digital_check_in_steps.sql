-- Digital check-in: settings that act (staff-approved entry, the arrival and ready notices, the
-- information steps) and the Check-In Summary's insurance card meaning both sides.
--
-- rm_dci_appointments (digital-check-in projection):
--   insurance_card_sides: the sides uploaded; insurance_card is true once both are in.
--   awaiting_entry: the patient arrived and waits for staff (staff-approved entry).
--   ready: staff marked the patient ready (told to come in).
--   information_steps: the information steps given or skipped (emergency-contact,
--   preferred-pharmacy, government-id, medical-history).
ALTER TABLE rm_dci_appointments
  ADD COLUMN insurance_card_sides text[] NOT NULL DEFAULT '{}',
  ADD COLUMN awaiting_entry boolean NOT NULL DEFAULT false,
  ADD COLUMN ready boolean NOT NULL DEFAULT false,
  ADD COLUMN information_steps text[] NOT NULL DEFAULT '{}';

-- A government-issued ID's photo is kept like the insurance card's.
ALTER TABLE check_in_files DROP CONSTRAINT check_in_files_kind_check;
ALTER TABLE check_in_files ADD CONSTRAINT check_in_files_kind_check
  CHECK (kind IN ('insurance-front', 'insurance-back', 'signature', 'government-id'));

-- insurance_card used to be true after either side: the projection is back-filled from the
-- log's start (its tables rebuilt aside and swapped in) so every row counts both sides.
DELETE FROM projection_checkpoints WHERE name = 'digital-check-in';
DELETE FROM projection_backfills WHERE name = 'digital-check-in';
