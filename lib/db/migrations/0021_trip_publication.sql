ALTER TABLE "trips" ADD COLUMN "status" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
-- Trips hidden before trips had a status read as unpublished; the rest (the seed's) are live.
UPDATE trips SET status = 'unpublished' WHERE NOT published;
