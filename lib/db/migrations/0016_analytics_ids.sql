-- The analytics user_id of an account (spec §3): a random uuid, never its row id. A volatile default:
-- every stored account gets a draw of its own.
ALTER TABLE "users" ADD COLUMN "analytics_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_analytics_id_unique" UNIQUE("analytics_id");