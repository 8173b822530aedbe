-- pg_trgm's word-similarity operator (`'text' <% name`, provider search's typed names) is declared
-- as cheap as an equality, so with typed text OR'ed with specialties the planner preferred a scan
-- that computes it for every provider (195 ms over 10,000 under load) to the indexes' BitmapOr
-- (71 ms). Its real cost, a trigram set per row, is told here.
ALTER FUNCTION word_similarity_op(text, text) COST 100;
