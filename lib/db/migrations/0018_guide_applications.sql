CREATE TABLE "guide_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"guide_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload_hash" text,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"certification" jsonb NOT NULL,
	"insurer" text NOT NULL,
	"policy_number" text NOT NULL,
	"insurance_expires_on" date NOT NULL,
	"bio" text NOT NULL,
	"decision_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_applications_guide_id_unique" UNIQUE("guide_id"),
	CONSTRAINT "guide_applications_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "guide_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"guide_id" integer NOT NULL,
	"media_type" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "base_place_id" integer;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "base_latitude" double precision;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "base_longitude" double precision;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "pending_certifications" text[];--> statement-breakpoint
ALTER TABLE "guide_applications" ADD CONSTRAINT "guide_applications_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_applications" ADD CONSTRAINT "guide_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_documents" ADD CONSTRAINT "guide_documents_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_documents_guide_idx" ON "guide_documents" USING btree ("guide_id");--> statement-breakpoint
-- Hand-written (drizzle cannot express it): only approved guides publish trips, whatever writes them.
ALTER TABLE "guides" ADD CONSTRAINT "guides_status_known" CHECK ("status" IN ('applied', 'approved', 'declined'));--> statement-breakpoint
CREATE FUNCTION cordee_trip_needs_approved_guide() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.published AND (SELECT status FROM guides WHERE id = NEW.guide_id) IS DISTINCT FROM 'approved' THEN
    RAISE EXCEPTION 'guide % is not approved: its trips cannot be published', NEW.guide_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER trips_published_by_approved_guides BEFORE INSERT OR UPDATE OF published, guide_id ON "trips"
  FOR EACH ROW WHEN (NEW.published) EXECUTE FUNCTION cordee_trip_needs_approved_guide();
