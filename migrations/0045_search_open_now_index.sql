-- Provider search's 'Online Now' (issue 19): the telehealth calendars that take online bookings,
-- with every column the open-now test reads, so counting the providers open now is an index-only
-- scan of those calendars rather than a pass over every calendar's row.
CREATE INDEX rm_search_calendars_open_now_idx ON rm_search_calendars (provider_id)
  INCLUDE (time_zone, working_days, first_hour, last_hour, date_from, date_to)
  WHERE visit_type = 'Telehealth' AND NOT online_booking_disabled;
