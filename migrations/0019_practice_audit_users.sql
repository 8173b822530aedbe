-- The practice-audit projection's lookup of practice users (their practice, name and role), so
-- that role changes and disabling, whose events do not repeat the practice, reach its trail.
CREATE TABLE rm_practice_audit_users (
  user_id uuid PRIMARY KEY,
  practice_id uuid,
  name text NOT NULL,
  type text NOT NULL
);
