-- Read model of provider search (issue 5), projected from directory and calendar events.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE rm_search_practices (
  practice_id uuid PRIMARY KEY,
  name text NOT NULL,
  position bigint NOT NULL
);

-- Every facility, with coordinates from its zip code.
CREATE TABLE rm_search_facilities (
  facility_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  name text NOT NULL,
  details jsonb NOT NULL,
  latitude double precision,
  longitude double precision,
  position bigint NOT NULL
);

-- One row per provider: what the filter narrows on and what the card shows.
CREATE TABLE rm_search_providers (
  provider_id uuid PRIMARY KEY,
  practice_id uuid NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  gender_code char(1) NOT NULL,
  -- Lower-cased names, for case-insensitive containment through the GIN indexes.
  specialties_key text[] NOT NULL,
  conditions_key text[] NOT NULL,
  insurances_key text[] NOT NULL,
  facility_ids uuid[] NOT NULL,
  -- Lower-cased provider, practice and facility names, specialties, conditions and cities.
  search_text text NOT NULL,
  profile_ranking int NOT NULL,
  card jsonb NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_search_providers_specialties_idx ON rm_search_providers USING gin (specialties_key);
CREATE INDEX rm_search_providers_conditions_idx ON rm_search_providers USING gin (conditions_key);
CREATE INDEX rm_search_providers_insurances_idx ON rm_search_providers USING gin (insurances_key);
CREATE INDEX rm_search_providers_text_idx ON rm_search_providers USING gin (search_text gin_trgm_ops);
CREATE INDEX rm_search_providers_name_idx ON rm_search_providers (last_name, first_name, provider_id);
CREATE INDEX rm_search_providers_ranking_idx ON rm_search_providers (profile_ranking, last_name, first_name);

-- Where each provider sees patients, with the facility's coordinates: distance filter and sort.
CREATE TABLE rm_search_provider_facilities (
  provider_id uuid NOT NULL,
  facility_id uuid NOT NULL,
  latitude double precision,
  longitude double precision,
  PRIMARY KEY (provider_id, facility_id)
);
CREATE INDEX rm_search_provider_facilities_place_idx ON rm_search_provider_facilities (latitude, longitude);
CREATE INDEX rm_search_provider_facilities_facility_idx ON rm_search_provider_facilities (facility_id);

-- Each provider calendar's weekly hours: date, visit type and 'Online Now' filters.
CREATE TABLE rm_search_calendars (
  calendar_id uuid PRIMARY KEY,
  provider_id uuid NOT NULL,
  facility_id uuid NOT NULL,
  visit_type text NOT NULL,
  time_zone text NOT NULL,
  working_days int[] NOT NULL,
  first_hour int NOT NULL,
  last_hour int NOT NULL,
  date_from date NOT NULL,
  date_to date,
  online_booking_disabled boolean NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_search_calendars_provider_idx ON rm_search_calendars (provider_id, visit_type);
