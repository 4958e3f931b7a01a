CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"bio" jsonb NOT NULL,
	CONSTRAINT "authors_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "blog_post_translations" (
	"post_id" integer NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "blog_post_translations_post_id_locale_pk" PRIMARY KEY("post_id","locale")
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"author_id" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"activities" text[] NOT NULL,
	"country_codes" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "booking_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trip_id" integer NOT NULL,
	"open_group_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"travellers" integer NOT NULL,
	"days" integer NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"comment" text NOT NULL,
	"currency" text NOT NULL,
	"rates" jsonb,
	"geo" text,
	"campaign_data" jsonb,
	"ad_identifiers" jsonb,
	"status" text DEFAULT 'sent' NOT NULL,
	CONSTRAINT "booking_requests_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audience" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	CONSTRAINT "contact_messages_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"currency_code" text NOT NULL,
	"continent" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"base" text NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"rate_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_base_currency_pk" PRIMARY KEY("base","currency")
);
--> statement-breakpoint
CREATE TABLE "guide_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"guide_id" integer NOT NULL,
	"trip_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"questions" text NOT NULL,
	"campaign_data" jsonb,
	CONSTRAINT "guide_questions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "guide_translations" (
	"guide_id" integer NOT NULL,
	"locale" text NOT NULL,
	"bio" text NOT NULL,
	CONSTRAINT "guide_translations_guide_id_locale_pk" PRIMARY KEY("guide_id","locale")
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"company_type" text NOT NULL,
	"country_code" text NOT NULL,
	"base_location" text NOT NULL,
	"languages" text[] NOT NULL,
	"certifications" text[] NOT NULL,
	"response_hours" integer NOT NULL,
	"years_experience" integer NOT NULL,
	"has_avatar" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guides_key_unique" UNIQUE("key"),
	CONSTRAINT "guides_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "help_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"page_url" text,
	CONSTRAINT "help_messages_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "hotels" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"name" text NOT NULL,
	"stars" smallint NOT NULL,
	"description" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_page_translations" (
	"landing_page_id" integer NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"intro" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "landing_page_translations_landing_page_id_locale_pk" PRIMARY KEY("landing_page_id","locale")
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"activity" text,
	"country_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_pages_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "open_group_joins" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"open_group_id" integer NOT NULL,
	"email" text NOT NULL,
	"travellers" integer NOT NULL,
	"waitlist" boolean DEFAULT false NOT NULL,
	"campaign_data" jsonb,
	CONSTRAINT "open_group_joins_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "open_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text,
	"trip_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"duration_days" integer NOT NULL,
	"total_spots" integer NOT NULL,
	"open_spots" integer NOT NULL,
	"price_per_person_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_groups_key_unique" UNIQUE("key"),
	CONSTRAINT "open_groups_spots" CHECK ("open_groups"."open_spots" >= 0 AND "open_groups"."open_spots" <= "open_groups"."total_spots")
);
--> statement-breakpoint
CREATE TABLE "price_entries" (
	"trip_id" integer NOT NULL,
	"people" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "price_entries_trip_id_people_pk" PRIMARY KEY("trip_id","people"),
	CONSTRAINT "price_entries_positive" CHECK ("price_entries"."amount_minor" > 0 AND "price_entries"."people" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text,
	"trip_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"comment_language" text,
	"first_name" text NOT NULL,
	"country_code" text NOT NULL,
	"trip_date" date NOT NULL,
	"guide_reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_key_unique" UNIQUE("key"),
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "static_page_translations" (
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "static_page_translations_key_locale_pk" PRIMARY KEY("key","locale")
);
--> statement-breakpoint
CREATE TABLE "static_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_translations" (
	"trip_id" integer NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"region" text NOT NULL,
	"itinerary" jsonb NOT NULL,
	"faq" jsonb NOT NULL,
	"why" text NOT NULL,
	"information" text NOT NULL,
	"assistance" text NOT NULL,
	CONSTRAINT "trip_translations_trip_id_locale_pk" PRIMARY KEY("trip_id","locale")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"guide_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"location" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"activities" text[] NOT NULL,
	"trip_type" text NOT NULL,
	"languages" text[] NOT NULL,
	"skill_level" text NOT NULL,
	"fitness_level" text NOT NULL,
	"trip_level" text NOT NULL,
	"duration_days" integer NOT NULL,
	"min_days" integer NOT NULL,
	"max_group_size" integer NOT NULL,
	"pricing_mode" text NOT NULL,
	"currency" text NOT NULL,
	"customer_fee" boolean NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"included" text[] NOT NULL,
	"not_included" text[] NOT NULL,
	"seasons" jsonb NOT NULL,
	"monthly_capacity" integer NOT NULL,
	"photo_count" integer DEFAULT 4 NOT NULL,
	"has_cover" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_key_unique" UNIQUE("key"),
	CONSTRAINT "trips_min_days" CHECK ("trips"."min_days" >= 1 AND "trips"."min_days" <= "trips"."duration_days"),
	CONSTRAINT "trips_discount" CHECK ("trips"."discount_percent" BETWEEN 0 AND 90)
);
--> statement-breakpoint
CREATE TABLE "unavailable_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "unavailable_ranges_order" CHECK ("unavailable_ranges"."starts_on" <= "unavailable_ranges"."ends_on")
);
--> statement-breakpoint
ALTER TABLE "blog_post_translations" ADD CONSTRAINT "blog_post_translations_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_open_group_id_open_groups_id_fk" FOREIGN KEY ("open_group_id") REFERENCES "public"."open_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_questions" ADD CONSTRAINT "guide_questions_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_questions" ADD CONSTRAINT "guide_questions_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_translations" ADD CONSTRAINT "guide_translations_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_page_translations" ADD CONSTRAINT "landing_page_translations_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_group_joins" ADD CONSTRAINT "open_group_joins_open_group_id_open_groups_id_fk" FOREIGN KEY ("open_group_id") REFERENCES "public"."open_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_groups" ADD CONSTRAINT "open_groups_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_entries" ADD CONSTRAINT "price_entries_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_page_translations" ADD CONSTRAINT "static_page_translations_key_static_pages_key_fk" FOREIGN KEY ("key") REFERENCES "public"."static_pages"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_translations" ADD CONSTRAINT "trip_translations_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailable_ranges" ADD CONSTRAINT "unavailable_ranges_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_post_translations_slug_idx" ON "blog_post_translations" USING btree ("locale","slug");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "booking_requests_trip_idx" ON "booking_requests" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "booking_requests_email_idx" ON "booking_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "guide_questions_guide_idx" ON "guide_questions" USING btree ("guide_id");--> statement-breakpoint
CREATE INDEX "hotels_trip_idx" ON "hotels" USING btree ("trip_id");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_page_translations_slug_idx" ON "landing_page_translations" USING btree ("locale","slug");--> statement-breakpoint
CREATE INDEX "open_group_joins_group_idx" ON "open_group_joins" USING btree ("open_group_id");--> statement-breakpoint
CREATE INDEX "open_groups_trip_idx" ON "open_groups" USING btree ("trip_id","starts_on");--> statement-breakpoint
CREATE INDEX "open_groups_starts_idx" ON "open_groups" USING btree ("starts_on");--> statement-breakpoint
CREATE INDEX "reviews_trip_idx" ON "reviews" USING btree ("trip_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_translations_slug_idx" ON "trip_translations" USING btree ("locale","slug");--> statement-breakpoint
CREATE INDEX "trips_guide_idx" ON "trips" USING btree ("guide_id");--> statement-breakpoint
CREATE INDEX "trips_country_idx" ON "trips" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "unavailable_ranges_trip_idx" ON "unavailable_ranges" USING btree ("trip_id");