-- rm_audit_trail copied every event's metadata into a table of its own, row for row, and nothing
-- but tests read it: the practice's trail for people is rm_practice_audit (0018). The copy cost
-- every command a second row and its three indexes, and a rebuild its largest insert. It is now
-- a view over the log itself, with the same columns: the log is the audit trail, and a view
-- cannot drift from it.
DROP TABLE rm_audit_trail;

CREATE VIEW rm_audit_trail AS
SELECT
  e.global_position AS position,
  e.event_id,
  e.stream_id,
  split_part(e.stream_id, '-', 1) AS stream_category,
  e.event_type,
  e.metadata ->> 'actorId' AS actor_id,
  e.metadata ->> 'actorRole' AS actor_role,
  e.metadata ->> 'onBehalfOf' AS on_behalf_of,
  e.metadata ->> 'ip' AS ip,
  e.metadata ->> 'userAgent' AS user_agent,
  e.metadata ->> 'correlationId' AS correlation_id,
  e.metadata ->> 'causationId' AS causation_id,
  e.metadata ->> 'commandId' AS command_id,
  e.recorded_at
FROM es_events e;

-- Its projection is gone: forget where it had got to.
DELETE FROM projection_checkpoints WHERE name = 'audit_trail';
DELETE FROM projection_backfills WHERE name = 'audit_trail';
