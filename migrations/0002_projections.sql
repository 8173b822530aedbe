-- Where each projection has got to in the log; written in the same transaction as its read model.
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  commit_position bigint NOT NULL DEFAULT 0,
  position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz
);

-- Read model: practices (directory).
CREATE TABLE rm_practices (
  practice_id uuid PRIMARY KEY,
  name text NOT NULL,
  time_zone text NOT NULL,
  registered_at timestamptz NOT NULL,
  position bigint NOT NULL
);

-- Read model: the audit trail, one row per event, searchable by stream, actor and correlation.
CREATE TABLE rm_audit_trail (
  position bigint PRIMARY KEY,
  event_id uuid NOT NULL,
  stream_id text NOT NULL,
  stream_category text NOT NULL,
  event_type text NOT NULL,
  actor_id text,
  actor_role text,
  on_behalf_of text,
  ip text,
  user_agent text,
  correlation_id text,
  causation_id text,
  command_id text,
  recorded_at timestamptz NOT NULL
);
CREATE INDEX rm_audit_trail_stream_idx ON rm_audit_trail (stream_id, position);
CREATE INDEX rm_audit_trail_actor_idx ON rm_audit_trail (actor_id, position);
CREATE INDEX rm_audit_trail_correlation_idx ON rm_audit_trail (correlation_id);
