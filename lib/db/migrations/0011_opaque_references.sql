-- Opaque references for everything travellers send (lib/booking/reference.ts): 8 characters of
-- 23456789ABCDEFGHJKMNPQRSTUVWXYZ. The server draws each new row's with node:crypto; this
-- function, from gen_random_uuid()'s random bytes (unbiased: bytes >= 248 are skipped), is the
-- column's default for rows written by other means (seed, scripts) and backfills stored rows.
CREATE OR REPLACE FUNCTION opaque_reference() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  bytes bytea;
  byte int;
  result text := '';
BEGIN
  WHILE length(result) < 8 LOOP
    bytes := uuid_send(gen_random_uuid());
    FOR position IN 0..15 LOOP
      -- Bytes 6 and 8 hold the UUID's version and variant bits: not random.
      CONTINUE WHEN position IN (6, 8);
      byte := get_byte(bytes, position);
      CONTINUE WHEN byte >= 248;
      result := result || substr(alphabet, byte % 31 + 1, 1);
      EXIT WHEN length(result) = 8;
    END LOOP;
  END LOOP;
  RETURN result;
END;
$$;--> statement-breakpoint
-- A volatile default: every stored row gets its own draw; the rare duplicate is drawn again.
ALTER TABLE "booking_requests" ADD COLUMN "reference" text DEFAULT opaque_reference() NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "booking_requests" GROUP BY "reference" HAVING count(*) > 1) LOOP
    UPDATE "booking_requests" SET "reference" = opaque_reference() WHERE "reference" IN (SELECT "reference" FROM "booking_requests" GROUP BY "reference" HAVING count(*) > 1);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "concierge_requests" ADD COLUMN "reference" text DEFAULT opaque_reference() NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "concierge_requests" GROUP BY "reference" HAVING count(*) > 1) LOOP
    UPDATE "concierge_requests" SET "reference" = opaque_reference() WHERE "reference" IN (SELECT "reference" FROM "concierge_requests" GROUP BY "reference" HAVING count(*) > 1);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "concierge_requests" ADD CONSTRAINT "concierge_requests_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "reference" text DEFAULT opaque_reference() NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "contact_messages" GROUP BY "reference" HAVING count(*) > 1) LOOP
    UPDATE "contact_messages" SET "reference" = opaque_reference() WHERE "reference" IN (SELECT "reference" FROM "contact_messages" GROUP BY "reference" HAVING count(*) > 1);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "gift_card_requests" ADD COLUMN "reference" text DEFAULT opaque_reference() NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "gift_card_requests" GROUP BY "reference" HAVING count(*) > 1) LOOP
    UPDATE "gift_card_requests" SET "reference" = opaque_reference() WHERE "reference" IN (SELECT "reference" FROM "gift_card_requests" GROUP BY "reference" HAVING count(*) > 1);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "gift_card_requests" ADD CONSTRAINT "gift_card_requests_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "guide_questions" ADD COLUMN "reference" text DEFAULT opaque_reference() NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "guide_questions" GROUP BY "reference" HAVING count(*) > 1) LOOP
    UPDATE "guide_questions" SET "reference" = opaque_reference() WHERE "reference" IN (SELECT "reference" FROM "guide_questions" GROUP BY "reference" HAVING count(*) > 1);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "guide_questions" ADD CONSTRAINT "guide_questions_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "help_messages" ADD COLUMN "reference" text DEFAULT opaque_reference() NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "help_messages" GROUP BY "reference" HAVING count(*) > 1) LOOP
    UPDATE "help_messages" SET "reference" = opaque_reference() WHERE "reference" IN (SELECT "reference" FROM "help_messages" GROUP BY "reference" HAVING count(*) > 1);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "help_messages" ADD CONSTRAINT "help_messages_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "open_group_joins" ADD COLUMN "reference" text DEFAULT opaque_reference() NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "open_group_joins" GROUP BY "reference" HAVING count(*) > 1) LOOP
    UPDATE "open_group_joins" SET "reference" = opaque_reference() WHERE "reference" IN (SELECT "reference" FROM "open_group_joins" GROUP BY "reference" HAVING count(*) > 1);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "open_group_joins" ADD CONSTRAINT "open_group_joins_reference_unique" UNIQUE("reference");
