-- Reviews hidden by support leave the search's rating and count: the view is redefined with
-- the same columns, reading visible reviews only, and its indexes (0004, 0012) are made again.
DROP MATERIALIZED VIEW trip_search;
--> statement-breakpoint
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
LEFT JOIN (SELECT trip_id, avg(rating) AS average, count(*) AS reviews FROM reviews WHERE hidden_at IS NULL GROUP BY trip_id) r ON r.trip_id = t.id
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
CREATE INDEX trip_search_currency_idx ON trip_search (currency);
