-- Provider and resource search honour weekly hours (split shifts, a different day each): a
-- calendar with weekly hours is found on the days and at the times its spans open, not by the
-- single hours and working days it still carries (which place no slot once weekly hours are set).
--
-- calendar_open_hours: the hours a calendar is open as minutes of the ISO week (Monday 00:00 is
-- 0, Sunday 24:00 is 10080), from its weekly hours when it has them, else from its single hours
-- on each working day. One rule, used by the search read model's generated column and by the
-- resource search over scheduling's settings.
CREATE FUNCTION calendar_minute_of_day(p_time text) RETURNS int
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT split_part(p_time, ':', 1)::int * 60 + split_part(p_time, ':', 2)::int
$$;

CREATE FUNCTION calendar_open_hours(
  p_weekly jsonb, p_working_days int[], p_first_hour int, p_last_hour int
) RETURNS int4multirange
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(p_weekly) = 'array' THEN
    coalesce((
      SELECT range_agg(int4range(
        ((d ->> 'weekday')::int - 1) * 1440 + calendar_minute_of_day(s ->> 'start'),
        ((d ->> 'weekday')::int - 1) * 1440 + calendar_minute_of_day(s ->> 'end')))
        FROM jsonb_array_elements(p_weekly) AS d,
             jsonb_array_elements(coalesce(d -> 'spans', '[]'::jsonb)) AS s),
      '{}'::int4multirange)
  ELSE
    coalesce((
      SELECT range_agg(int4range((w - 1) * 1440 + p_first_hour * 60, (w - 1) * 1440 + p_last_hour * 60))
        FROM unnest(p_working_days) AS w),
      '{}'::int4multirange)
  END
$$;

ALTER TABLE rm_search_calendars
  ADD COLUMN weekly_hours jsonb,
  ADD COLUMN open_hours int4multirange NOT NULL
    GENERATED ALWAYS AS (calendar_open_hours(weekly_hours, working_days, first_hour, last_hour)) STORED;

-- The rows written so far carry no weekly hours: the search projection is back-filled from the
-- log's start (its tables rebuilt aside and swapped in), which folds them in.
DELETE FROM projection_checkpoints WHERE name = 'search';
DELETE FROM projection_backfills WHERE name = 'search';
