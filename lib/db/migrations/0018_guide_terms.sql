ALTER TABLE "guides" ADD COLUMN "payment_instructions" text;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "lead_days" integer DEFAULT 30 NOT NULL;