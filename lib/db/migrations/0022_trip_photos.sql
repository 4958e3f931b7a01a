CREATE TABLE "trip_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"placeholder" text NOT NULL,
	"position" integer NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"alt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ready" boolean GENERATED ALWAYS AS (coalesce(btrim(alt->>'en'), '') <> '' AND coalesce(btrim(alt->>'fr'), '') <> '' AND coalesce(btrim(alt->>'es'), '') <> '') STORED,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_photos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "trip_photos" ADD CONSTRAINT "trip_photos_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_photos" ADD CONSTRAINT "trip_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_photos_trip_idx" ON "trip_photos" USING btree ("trip_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_photos_one_cover_idx" ON "trip_photos" USING btree ("trip_id") WHERE "trip_photos"."is_cover";