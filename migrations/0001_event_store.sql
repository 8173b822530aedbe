-- Event store: an append-only log of events, one row each, grouped in streams.
CREATE TABLE es_streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE es_events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Readers order by (transaction_id, global_position) and stop at the oldest running
  -- transaction, so an event whose transaction commits late is never skipped.
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL,
  stream_id text NOT NULL,
  stream_revision bigint NOT NULL,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL,
  CONSTRAINT es_events_event_id_key UNIQUE (event_id),
  CONSTRAINT es_events_stream_revision_key UNIQUE (stream_id, stream_revision)
);

CREATE INDEX es_events_commit_order_idx ON es_events (transaction_id, global_position);

-- The log is the audit trail: nobody, the application's role included, may rewrite it.
CREATE FUNCTION es_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER es_events_append_only
  BEFORE UPDATE OR DELETE ON es_events
  FOR EACH ROW EXECUTE FUNCTION es_events_refuse_change();

CREATE TRIGGER es_events_no_truncate
  BEFORE TRUNCATE ON es_events
  FOR EACH STATEMENT EXECUTE FUNCTION es_events_refuse_change();

-- Appends events to one or more streams atomically, each stream with its own expected revision
-- (-1 no stream, -2 any, -3 stream exists, n >= 0 exact). p_events is a JSON array of
-- {id, s (1-based index into p_stream_ids), t (type), d (data), m (metadata)}.
-- Re-appending the same event ids with the same content returns the first result and writes nothing.
CREATE FUNCTION es_append(
  p_stream_ids text[],
  p_expected bigint[],
  p_events jsonb,
  p_recorded_at timestamptz
) RETURNS TABLE (
  event_id uuid,
  stream_id text,
  stream_revision bigint,
  global_position bigint,
  transaction_id text,
  already_appended boolean
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_total int := jsonb_array_length(p_events);
  v_existing int;
  v_matching int;
  v_count int;
  v_prev bigint;
  v_next bigint[] := '{}';
  i int;
BEGIN
  SELECT count(*), count(*) FILTER (
           WHERE e.stream_id = p_stream_ids[(x.e ->> 's')::int]
             AND e.event_type = x.e ->> 't'
             AND e.data = x.e -> 'd')
    INTO v_existing, v_matching
    FROM jsonb_array_elements(p_events) AS x(e)
    JOIN es_events e ON e.event_id = (x.e ->> 'id')::uuid;

  IF v_existing > 0 THEN
    IF v_matching = v_total THEN
      RETURN QUERY
        SELECT e.event_id, e.stream_id, e.stream_revision, e.global_position, e.transaction_id::text, true
          FROM es_events e
         WHERE e.event_id IN (SELECT (x.e ->> 'id')::uuid FROM jsonb_array_elements(p_events) AS x(e))
         ORDER BY e.transaction_id, e.global_position;
      RETURN;
    END IF;
    RAISE EXCEPTION 'event ids were already appended with different content'
      USING ERRCODE = 'ES002';
  END IF;

  FOR i IN 1 .. coalesce(array_length(p_stream_ids, 1), 0) LOOP
    SELECT count(*) INTO v_count FROM jsonb_array_elements(p_events) AS x(e) WHERE (x.e ->> 's')::int = i;
    INSERT INTO es_streams AS s (stream_id, revision) VALUES (p_stream_ids[i], v_count - 1)
      ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + v_count, updated_at = now()
      RETURNING s.revision - v_count INTO v_prev;
    IF (p_expected[i] = -1 AND v_prev <> -1)
       OR (p_expected[i] = -3 AND v_prev = -1)
       OR (p_expected[i] >= 0 AND v_prev <> p_expected[i]) THEN
      RAISE EXCEPTION 'wrong expected revision for stream %', p_stream_ids[i]
        USING ERRCODE = 'ES001',
              DETAIL = json_build_object('stream', p_stream_ids[i], 'expected', p_expected[i], 'actual', v_prev)::text;
    END IF;
    v_next := v_next || (v_prev + 1);
  END LOOP;

  RETURN QUERY
    INSERT INTO es_events AS e (event_id, stream_id, stream_revision, event_type, data, metadata, recorded_at)
    SELECT (x.e ->> 'id')::uuid,
           p_stream_ids[(x.e ->> 's')::int],
           v_next[(x.e ->> 's')::int] + row_number() OVER (PARTITION BY (x.e ->> 's')::int ORDER BY x.ord) - 1,
           x.e ->> 't',
           x.e -> 'd',
           x.e -> 'm',
           p_recorded_at
      FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(e, ord)
     ORDER BY x.ord
    RETURNING e.event_id, e.stream_id, e.stream_revision, e.global_position, e.transaction_id::text, false;
  -- No NOTIFY here: a notifying transaction holds a cluster-wide lock through its commit, which
  -- serialises concurrent appends. The writer notifies after commit, coalesced (see the adapter).
END;
$$;
