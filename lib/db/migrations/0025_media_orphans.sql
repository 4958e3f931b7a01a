CREATE TABLE "media_orphans" (
	"id" serial PRIMARY KEY NOT NULL,
	"object_keys" text[] NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_orphans_retry_idx" ON "media_orphans" USING btree ("retry_at");