CREATE TABLE "outbox_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"reply_to" text,
	"unsubscribe_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_emails_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "terms_accepted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "terms_accepted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "guide_questions" ADD COLUMN "terms_accepted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "email_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "help_messages" ADD COLUMN "terms_accepted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "open_group_joins" ADD COLUMN "terms_accepted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_emails_due_idx" ON "outbox_emails" USING btree ("status","next_attempt_at");