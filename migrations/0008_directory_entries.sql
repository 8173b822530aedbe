-- Read model: facilities, providers, resources and visit reasons of each practice.
CREATE TABLE rm_directory_entries (
  id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('facility', 'provider', 'resource', 'visit_reason')),
  practice_id uuid NOT NULL,
  name text NOT NULL,
  details jsonb NOT NULL,
  registered_at timestamptz NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE INDEX rm_directory_entries_practice_idx ON rm_directory_entries (practice_id, kind, name);
