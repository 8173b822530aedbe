-- The guard of the adapter's one-statement append to several streams: the statement moves each
-- stream head only at its expected revision, and when fewer heads moved than it names this
-- raises, so the whole statement (heads already moved included) rolls back and the adapter runs
-- es_append, which explains the failure or replays a retry. Nothing else changes: es_append
-- keeps its signature and semantics.
CREATE FUNCTION es_require_heads(p_moved bigint, p_wanted int) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF p_moved <> p_wanted THEN
    RAISE EXCEPTION 'a stream is not at its expected revision' USING ERRCODE = 'ES003';
  END IF;
  RETURN true;
END;
$$;
