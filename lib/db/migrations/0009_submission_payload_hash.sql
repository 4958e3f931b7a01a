ALTER TABLE "booking_requests" ADD COLUMN "payload_hash" text;--> statement-breakpoint
ALTER TABLE "concierge_requests" ADD COLUMN "payload_hash" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "payload_hash" text;--> statement-breakpoint
ALTER TABLE "gift_card_requests" ADD COLUMN "payload_hash" text;--> statement-breakpoint
ALTER TABLE "guide_questions" ADD COLUMN "payload_hash" text;--> statement-breakpoint
ALTER TABLE "help_messages" ADD COLUMN "payload_hash" text;--> statement-breakpoint
ALTER TABLE "open_group_joins" ADD COLUMN "payload_hash" text;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD COLUMN "payload_hash" text;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD COLUMN "payload_hash" text;