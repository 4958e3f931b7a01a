CREATE TABLE "guide_payouts" (
	"stripe_payout_id" text PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"arrival_date" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_stripe_accounts" (
	"guide_id" integer PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_stripe_accounts_stripe_account_id_unique" UNIQUE("stripe_account_id")
);
--> statement-breakpoint
CREATE TABLE "guide_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_request_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"kind" text NOT NULL,
	"transfer_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"stripe_account_id" text NOT NULL,
	"stripe_id" text,
	"balance_transaction_id" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "guide_transfers_stripe_id_unique" UNIQUE("stripe_id"),
	CONSTRAINT "guide_transfers_amount_positive" CHECK ("guide_transfers"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "guide_stripe_accounts" ADD CONSTRAINT "guide_stripe_accounts_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_transfers" ADD CONSTRAINT "guide_transfers_booking_request_id_booking_requests_id_fk" FOREIGN KEY ("booking_request_id") REFERENCES "public"."booking_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_transfers" ADD CONSTRAINT "guide_transfers_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_payouts_account_idx" ON "guide_payouts" USING btree ("stripe_account_id");--> statement-breakpoint
CREATE INDEX "guide_transfers_booking_idx" ON "guide_transfers" USING btree ("booking_request_id");--> statement-breakpoint
CREATE INDEX "guide_transfers_guide_idx" ON "guide_transfers" USING btree ("guide_id");--> statement-breakpoint
CREATE INDEX "guide_transfers_pending_idx" ON "guide_transfers" USING btree ("updated_at") WHERE status = 'pending';