-- A price-filtered search counts the matching trips priced in a currency without an exchange
-- rate (lib/db/queries/search.ts): this index finds those few currencies' trips without a scan.
CREATE INDEX trip_search_currency_idx ON trip_search (currency);
