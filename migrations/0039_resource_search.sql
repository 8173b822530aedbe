-- Resource search (issue 20, item 4): rooms, labs and equipment are found like providers. They are
-- directory entries (rm_directory_entries, kind 'resource'); their names and resource types are
-- matched by pg_trgm word similarity and containment, through this partial index, which the
-- provider search never reads (its own query and indexes are unchanged).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX rm_directory_entries_resource_text_idx ON rm_directory_entries
  USING gin ((lower(name || ' ' || coalesce(details ->> 'kind', ''))) gin_trgm_ops)
  WHERE kind = 'resource';
