CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payment_id" integer,
	"refund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"account" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "ledger_lines_amount_nonzero" CHECK ("ledger_lines"."amount_minor" <> 0),
	CONSTRAINT "ledger_lines_account_known" CHECK ("ledger_lines"."account" IN ('stripe_balance', 'traveller_paid', 'refunds', 'platform_fee', 'owed_to_guide'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"stripe_customer_id" text,
	"payment_method_id" text,
	"due_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"failure_code" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "payments_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_refunded_within_amount" CHECK ("payments"."refunded_minor" >= 0 AND "payments"."refunded_minor" <= "payments"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"stripe_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_stripe_refund_id_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "accepted_total_minor" integer;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "accepted_currency" text;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "accepted_rates_date" date;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "deposit_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "secured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_request_id_booking_requests_id_fk" FOREIGN KEY ("booking_request_id") REFERENCES "public"."booking_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_request_id_booking_requests_id_fk" FOREIGN KEY ("booking_request_id") REFERENCES "public"."booking_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_request_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_booking_kind_idx" ON "payments" USING btree ("booking_request_id","kind");--> statement-breakpoint
CREATE INDEX "payments_due_idx" ON "payments" USING btree ("due_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("updated_at") WHERE status IN ('open', 'requires_action');--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "booking_requests_deposit_due_idx" ON "booking_requests" USING btree ("deposit_due_at") WHERE status = 'confirmed';--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_accepted_total_positive" CHECK ("booking_requests"."accepted_total_minor" IS NULL OR "booking_requests"."accepted_total_minor" > 0);--> statement-breakpoint
-- The ledger balances: at commit, every journal entry has at least two lines and its lines sum to
-- zero in each currency (deferred constraint triggers, so an entry's lines go in one by one).
CREATE OR REPLACE FUNCTION cordee_ledger_check_entry(entry integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF (SELECT count(*) FROM ledger_lines WHERE entry_id = entry) < 2 THEN
        RAISE EXCEPTION 'ledger entry % has fewer than two lines', entry USING ERRCODE = 'check_violation';
      END IF;
      IF EXISTS (SELECT 1 FROM ledger_lines WHERE entry_id = entry GROUP BY currency HAVING sum(amount_minor) <> 0) THEN
        RAISE EXCEPTION 'ledger entry % does not sum to zero', entry USING ERRCODE = 'check_violation';
      END IF;
    END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cordee_ledger_line_balances() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM cordee_ledger_check_entry(NEW.entry_id); RETURN NULL; END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cordee_ledger_entry_balances() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM cordee_ledger_check_entry(NEW.id); RETURN NULL; END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_lines_balance AFTER INSERT ON ledger_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cordee_ledger_line_balances();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cordee_ledger_entry_balances();
--> statement-breakpoint
-- The ledger is append-only: a mistake is corrected by a new entry, never by changing an old one.
CREATE OR REPLACE FUNCTION cordee_ledger_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'the ledger is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'check_violation'; END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_append_only BEFORE UPDATE OR DELETE ON ledger_lines FOR EACH ROW EXECUTE FUNCTION cordee_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION cordee_ledger_append_only();
