-- The practice's trail told a patient removed from a waiting list by the practice as "Left the
-- waiting list", as if they had left it themselves. Its sentence is now "Removed from the waiting
-- list" (with the practice's reason, which only removals from now on carry): the lines already
-- written are corrected here, as a rebuild of the trail would write them.
UPDATE rm_practice_audit AS a
   SET summary = 'Removed from the waiting list'
  FROM es_events AS e
 WHERE e.global_position = a.position
   AND a.event_type = 'WaitlistLeft'
   AND a.summary = 'Left the waiting list'
   AND e.data ->> 'reason' = 'removed';
