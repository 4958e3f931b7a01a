import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../locales';

/** SQL for a country's name from the countries table in the page's language (English, then the code itself, when missing). */
export const countryName = (code: SQL, locale: Locale) =>
  sql<string>`coalesce((SELECT coalesce(c.name ->> ${locale}, c.name ->> 'en') FROM countries c WHERE c.code = ${code}), ${code})`;
