ALTER TABLE "booking_requests" ADD COLUMN "guide_total_minor" integer;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "payment_instructions" text;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "lead_days" integer DEFAULT 30 NOT NULL;