-- The analytics projection (issue 16, part 5): per calendar and week (weeks start on Monday in
-- the calendar's zone) the slot places offered, and narrow facts (one row per booking, freed
-- place and waitlist offer) that the reads count and take medians of (percentile_cont). Every
-- row comes from the events' own fields, so a rebuild from the log gives the same rows.

-- A calendar's zone and owner (fixed at creation), its settings folded so far, and the weeks
-- counted for it: from its creation's week to the last week any booking, freed place or offer
-- fell in (the weeks between included, so a week nobody booked shows its places unused).
CREATE TABLE rm_analytics_calendars (
  calendar_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  provider_id uuid,
  time_zone text NOT NULL,
  settings jsonb NOT NULL,
  first_week date NOT NULL,
  last_week date
);

-- The calendar's settings after each event that changed its slots or their capacity, and when
-- they took effect: a slot counts under the settings in force at its start.
CREATE TABLE rm_analytics_calendar_versions (
  calendar_id uuid NOT NULL,
  position bigint NOT NULL,
  effective_from timestamptz NOT NULL,
  settings jsonb NOT NULL,
  PRIMARY KEY (calendar_id, position)
);

CREATE TABLE rm_analytics_weeks (
  calendar_id uuid NOT NULL,
  week_start date NOT NULL,
  practice_id uuid NOT NULL,
  provider_id uuid,
  slots_offered integer NOT NULL,
  PRIMARY KEY (calendar_id, week_start)
);
CREATE INDEX rm_analytics_weeks_practice_idx ON rm_analytics_weeks (practice_id, week_start);

-- Scheduled visits only (a walk-in takes no slot place), by the week of their visit.
CREATE TABLE rm_analytics_appointments (
  appointment_id uuid PRIMARY KEY,
  calendar_id uuid NOT NULL,
  week_start date NOT NULL,
  start_date timestamptz NOT NULL,
  booked_at timestamptz NOT NULL,
  status text NOT NULL,
  canceled_at timestamptz
);
CREATE INDEX rm_analytics_appointments_week_idx ON rm_analytics_appointments (calendar_id, week_start);

-- A place given back to a slot (a cancel, a reschedule away, a rejection), keyed by the event's
-- position, and when the slot was next booked.
CREATE TABLE rm_analytics_freed_places (
  position bigint PRIMARY KEY,
  calendar_id uuid NOT NULL,
  slot_start timestamptz NOT NULL,
  week_start date NOT NULL,
  freed_at timestamptz NOT NULL,
  refilled_at timestamptz
);
CREATE INDEX rm_analytics_freed_places_week_idx ON rm_analytics_freed_places (calendar_id, week_start);
CREATE INDEX rm_analytics_freed_places_open_idx ON rm_analytics_freed_places (calendar_id, slot_start, position)
  WHERE refilled_at IS NULL;

CREATE TABLE rm_analytics_offers (
  offer_id text PRIMARY KEY,
  calendar_id uuid NOT NULL,
  week_start date NOT NULL,
  status text NOT NULL
);
CREATE INDEX rm_analytics_offers_week_idx ON rm_analytics_offers (calendar_id, week_start);
