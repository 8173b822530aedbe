-- The landing page's Request a Demo form (spec 2.6): a practice's contact asks for a demo. Not a
-- booking or a patient's record, so no event stream: a plain table the operators read.
CREATE TABLE demo_requests (
  id uuid PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text,
  practice_name text NOT NULL,
  message text,
  ip text,
  user_agent text,
  requested_at timestamptz NOT NULL
);
CREATE INDEX demo_requests_recent_idx ON demo_requests (requested_at DESC);
