import type { Database } from './database';

/**
 * A query prepared once per database: drizzle builds its SQL once (`.prepare(name)`), and each
 * pool connection has PostgreSQL parse and plan the named statement once instead of every time.
 * For hot queries of a fixed shape whose values are placeholders.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
