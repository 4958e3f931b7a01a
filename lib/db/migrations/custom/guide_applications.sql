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
