ALTER TABLE "open_group_joins" ADD COLUMN "status" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
-- Joins stored before holds keep what they had: the waitlist, or their seats as confirmed.
UPDATE "open_group_joins" SET "status" = 'waitlisted' WHERE "waitlist";--> statement-breakpoint
ALTER TABLE "open_group_joins" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "open_group_joins" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "open_group_joins" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "open_group_joins" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD COLUMN "join_id" integer;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_join_id_open_group_joins_id_fk" FOREIGN KEY ("join_id") REFERENCES "public"."open_group_joins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "open_group_joins_mailbox_live_idx" ON "open_group_joins" USING btree ("open_group_id","mailbox") WHERE status <> 'released';--> statement-breakpoint
CREATE INDEX "open_group_joins_mailbox_held_idx" ON "open_group_joins" USING btree ("mailbox") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "open_group_joins_client_held_idx" ON "open_group_joins" USING btree ("client_key") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "open_group_joins_hold_idx" ON "open_group_joins" USING btree ("hold_until") WHERE hold_until IS NOT NULL;