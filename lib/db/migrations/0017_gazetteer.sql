CREATE TABLE "gazetteer_names" (
	"place_id" integer NOT NULL,
	"folded" text NOT NULL,
	CONSTRAINT "gazetteer_names_folded_place_id_pk" PRIMARY KEY("folded","place_id")
);
--> statement-breakpoint
CREATE TABLE "gazetteer_places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"exonyms" jsonb,
	"country_code" text NOT NULL,
	"admin_code" text NOT NULL,
	"population" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gazetteer_names_folded_trgm_idx" ON "gazetteer_names" USING gin ("folded" gin_trgm_ops);