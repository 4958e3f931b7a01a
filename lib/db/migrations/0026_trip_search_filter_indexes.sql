-- A search whose filters few trips pass (an activity with a level and a duration, say) counted
-- them by reading every trip; with these, PostgreSQL ANDs the indexes of the filters it is given
-- and reads only the trips that pass them all (lib/db/queries/search.ts `filterConditions`).
CREATE INDEX trip_search_activities_idx ON trip_search USING gin (activities);
--> statement-breakpoint
CREATE INDEX trip_search_level_idx ON trip_search (trip_level);
--> statement-breakpoint
CREATE INDEX trip_search_fitness_idx ON trip_search (fitness_level);
--> statement-breakpoint
CREATE INDEX trip_search_duration_idx ON trip_search (duration_days);
