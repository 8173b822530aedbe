-- Patients' reviews of their visits (issue 17): one row per provider, kept by the visit-reviews
-- projection, read by provider search for the card's average rating.
CREATE TABLE rm_provider_ratings (
  provider_id uuid PRIMARY KEY,
  review_count integer NOT NULL,
  rating_sum integer NOT NULL,
  position bigint NOT NULL
);
