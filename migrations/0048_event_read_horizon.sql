-- Where readers of the log stop: below the oldest transaction still running that could append
-- events to this database's log. Until now that was the oldest running transaction of the whole
-- server (pg_snapshot_xmin), so a long transaction in any other database of the server (another
-- service, a report, a session left idle in a transaction) stopped every projection and live
-- message here for as long as it ran.
--
-- A transaction can write to es_events only from a session connected to this database, so the
-- running transactions of the query's own snapshot (pg_snapshot_xip) are kept unless a backend
-- connected to another database is running them (pg_stat_activity's backend_xid and datid): a
-- transaction id belongs to one backend, whose database never changes. One not found there (it
-- has just ended, its owner cannot be seen, or it is a prepared transaction) is kept: the
-- horizon may only err on the early side. With none kept, every transaction below the snapshot's
-- xmax has ended, and the horizon is xmax.
--
-- It is evaluated in the reader's statement, with the statement's snapshot (STABLE); callers put
-- it in a scalar subquery so that it runs once per statement. The activity view is read only
-- when a transaction is running at all.
CREATE FUNCTION es_read_horizon() RETURNS xid8
LANGUAGE sql STABLE AS $$
  SELECT CASE
    -- A hot standby's snapshots keep the primary's running transactions apart from xip, and its
    -- activity view shows none of them: there the xmin is the answer.
    WHEN pg_is_in_recovery() THEN pg_snapshot_xmin(pg_current_snapshot())
    WHEN pg_snapshot_xmin(pg_current_snapshot()) = pg_snapshot_xmax(pg_current_snapshot())
      THEN pg_snapshot_xmax(pg_current_snapshot())
    ELSE coalesce(
      (SELECT min(running.xid)
         FROM pg_snapshot_xip(pg_current_snapshot()) AS running(xid)
         LEFT JOIN (
                -- Transactions run by backends of other databases (one read of the activity):
                -- backend_xid is the 32-bit transaction id, xid8 carries the epoch above it.
                SELECT a.backend_xid::text AS xid
                  FROM pg_stat_get_activity(NULL) AS a
                 WHERE a.backend_xid IS NOT NULL
                   AND a.datid IS DISTINCT FROM (SELECT d.oid FROM pg_database d
                                                  WHERE d.datname = current_database())
              ) AS elsewhere ON elsewhere.xid = (running.xid::text::numeric % 4294967296)::text
        WHERE elsewhere.xid IS NULL),
      pg_snapshot_xmax(pg_current_snapshot()))
  END
$$;
