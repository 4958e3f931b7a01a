DROP INDEX "price_entries_people_idx";--> statement-breakpoint
DROP INDEX "trip_translations_search_idx";--> statement-breakpoint
DROP INDEX "trips_earth_idx";