CREATE TABLE "review_translations" (
	"review_id" integer NOT NULL,
	"target_language" text NOT NULL,
	"text" text NOT NULL,
	"detected_language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_translations_review_id_target_language_pk" PRIMARY KEY("review_id","target_language")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "guide_rating" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "organisation_rating" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "value_rating" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "guide_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "review_translations" ADD CONSTRAINT "review_translations_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_user_id_users_id_fk" FOREIGN KEY ("hidden_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_aspect_ratings" CHECK (coalesce("reviews"."guide_rating", 1) BETWEEN 1 AND 5 AND coalesce("reviews"."organisation_rating", 1) BETWEEN 1 AND 5 AND coalesce("reviews"."value_rating", 1) BETWEEN 1 AND 5);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_reason" CHECK ("reviews"."hidden_at" IS NULL OR "reviews"."hidden_reason" IS NOT NULL);--> statement-breakpoint
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
