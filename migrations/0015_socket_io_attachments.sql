-- socket.io's PostgreSQL adapter (live messages between API processes) keeps here a message too
-- large for a NOTIFY until the other processes have read it; it deletes rows after 30 s.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
