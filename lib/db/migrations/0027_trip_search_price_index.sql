-- Each currency's trips in the order of their net price per person for two travellers, the
-- search's default: a search sorted by price walks it per currency and stops at its page
-- (lib/db/queries/search.ts `perPersonNetSql`, whose expression this must stay).
CREATE INDEX trip_search_price_idx ON trip_search (currency, ((CASE WHEN width_bucket(2, price_people) > 0 THEN price_net[width_bucket(2, price_people)] ELSE price_net[1] * price_people[1] END)::float8 / (CASE WHEN width_bucket(2, price_people) = 0 THEN 2 ELSE 1 END)));
