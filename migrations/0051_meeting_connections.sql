-- The video calls' connections (one row per socket in a call, written when it joins, removed when
-- it leaves), so that the connections of an API process that died are found and their leaves
-- recorded: a socket's own disconnect records its leave, but a process killed outright records
-- nothing for its sockets. Operational, not events: which socket is where goes with the socket.
CREATE TABLE meeting_connections (
  connection_id text PRIMARY KEY,
  appointment_id uuid NOT NULL,
  participant_id text NOT NULL,
  joined_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX meeting_connections_joined_idx ON meeting_connections (joined_at);
