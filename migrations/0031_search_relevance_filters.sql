-- Provider search (issue 19, "Finding a provider"): typo-tolerant names and the language filter.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A provider's full name, lower-cased, for pg_trgm's word similarity (`'query' <% name`).
CREATE INDEX rm_search_providers_full_name_trgm_idx ON rm_search_providers
  USING gin ((lower(first_name || ' ' || last_name)) gin_trgm_ops);

-- Lower-cased languages the provider speaks (the card's list), for the language filter.
ALTER TABLE rm_search_providers ADD COLUMN languages_key text[] NOT NULL DEFAULT '{}';
UPDATE rm_search_providers
   SET languages_key = ARRAY(SELECT DISTINCT lower(l)
                               FROM jsonb_array_elements_text(coalesce(card->'languages', '[]')) AS l);
CREATE INDEX rm_search_providers_languages_idx ON rm_search_providers USING gin (languages_key);
