-- Search. Two immutable helpers, so that indexes and a generated column can use them:
-- cordee_unaccent (unaccent with its dictionary named, as index expressions need) and
-- cordee_season_months (the months a trip's seasons touch, bit 0 = January; seasons are MM-DD pairs
-- and may wrap over the new year).
CREATE OR REPLACE FUNCTION cordee_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cordee_season_months(seasons jsonb) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(bit_or(1 << ((m - 1) % 12)), 0)::integer
    FROM jsonb_array_elements(coalesce(seasons, '[]'::jsonb)) AS season,
      LATERAL (SELECT substring(season->>'from' FROM 1 FOR 2)::integer AS a, substring(season->>'to' FROM 1 FOR 2)::integer AS b) AS bounds,
      LATERAL generate_series(bounds.a, CASE WHEN bounds.b >= bounds.a THEN bounds.b ELSE bounds.b + 12 END) AS m
  $$;
--> statement-breakpoint
CREATE TABLE "concierge_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"locale" text NOT NULL,
	"terms_accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"activity" text,
	"destination" text NOT NULL,
	"month" text,
	"travellers" integer NOT NULL,
	"budget" text,
	"message" text NOT NULL,
	"geo" text,
	"campaign_data" jsonb,
	CONSTRAINT "concierge_requests_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "gift_card_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"locale" text NOT NULL,
	"terms_accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"message" text,
	"geo" text,
	"campaign_data" jsonb,
	CONSTRAINT "gift_card_requests_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "campaign_data" jsonb;--> statement-breakpoint
ALTER TABLE "trip_translations" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "season_months" integer GENERATED ALWAYS AS (cordee_season_months(seasons)) STORED;--> statement-breakpoint
CREATE INDEX "price_entries_people_idx" ON "price_entries" USING btree ("people","trip_id","amount_minor");--> statement-breakpoint
CREATE INDEX "trip_translations_search_idx" ON "trip_translations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trips_earth_idx" ON "trips" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "trips_location_trgm_idx" ON "trips" USING gin (cordee_unaccent(lower("location")) gin_trgm_ops);