-- The search's own compact copy of the published catalogue: one narrow row per trip with
-- what the filters, the distance and the sorts read, the rating, and the net prices per group size
-- (in ten-thousandths of the trip currency's minor unit, fee and discount applied, so that price
-- ranges in the visitor's currency compare exactly in integers). Refreshed by
-- `refreshTripSearch` (lib/search/search-index.ts) after every change to trips, prices or reviews.
CREATE MATERIALIZED VIEW trip_search AS
SELECT
  t.id,
  t.activities,
  t.trip_type,
  t.trip_level,
  t.fitness_level,
  t.languages,
  t.duration_days,
  t.max_group_size,
  t.country_code,
  t.season_months,
  t.currency,
  ll_to_earth(t.latitude, t.longitude) AS point,
  r.average::real AS rating,
  coalesce(r.reviews, 0)::int AS reviews,
  coalesce(p.people, '{}') AS price_people,
  coalesce(p.net, '{}') AS price_net
FROM trips t
LEFT JOIN (SELECT trip_id, avg(rating) AS average, count(*) AS reviews FROM reviews GROUP BY trip_id) r ON r.trip_id = t.id
LEFT JOIN LATERAL (
  SELECT array_agg(pe.people ORDER BY pe.people) AS people,
    array_agg(pe.amount_minor::bigint
      * (CASE WHEN t.pricing_mode = 'per_person_per_day' THEN t.duration_days ELSE 1 END)
      * (CASE WHEN t.customer_fee THEN 95 ELSE 100 END)
      * (100 - t.discount_percent) ORDER BY pe.people) AS net
  FROM price_entries pe WHERE pe.trip_id = t.id
) p ON TRUE
WHERE t.published;
--> statement-breakpoint
CREATE UNIQUE INDEX trip_search_id_idx ON trip_search (id);
--> statement-breakpoint
CREATE INDEX trip_search_point_idx ON trip_search USING gist (point);
--> statement-breakpoint
CREATE INDEX trip_search_rating_idx ON trip_search (rating DESC NULLS LAST, reviews DESC, id);
--> statement-breakpoint
CREATE INDEX trip_search_country_idx ON trip_search (country_code);
--> statement-breakpoint
-- What the free text matches, per trip and language (narrow): the folded text, its words as a
-- tsvector (exact word matches on a GIN index) and the folded title (relevance).
CREATE MATERIALIZED VIEW trip_search_text AS
SELECT tt.trip_id, tt.locale, tt.search_text, to_tsvector('simple', tt.search_text) AS words, cordee_unaccent(lower(tt.title)) AS title
FROM trip_translations tt
JOIN trips t ON t.id = tt.trip_id AND t.published;
--> statement-breakpoint
CREATE UNIQUE INDEX trip_search_text_id_idx ON trip_search_text (trip_id, locale);
--> statement-breakpoint
CREATE INDEX trip_search_text_words_idx ON trip_search_text USING gin (words);
--> statement-breakpoint
-- The catalogue's vocabulary: a typed word is matched to the known words it is close to
-- (pg_trgm similarity, on this small table), then trips are found by those exact words. The query
-- in ts_stat names its schema: PostgreSQL 17+ fills materialized views with a safe search_path.
CREATE MATERIALIZED VIEW search_words AS
SELECT word, ndoc FROM ts_stat('SELECT words FROM public.trip_search_text');
--> statement-breakpoint
CREATE UNIQUE INDEX search_words_word_idx ON search_words (word);
--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
