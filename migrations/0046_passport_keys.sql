-- Vaccination passport key rotation (issue 20): the public key of every key that has signed
-- passports, by its id (the kid in each passport), so a passport signed before the key was
-- rotated still verifies. A key listed in PASSPORT_RETIRED_KEY_IDS is no longer believed.
CREATE TABLE passport_keys (
  kid text PRIMARY KEY,
  public_key bytea NOT NULL,
  first_used_at timestamptz NOT NULL DEFAULT now()
);
