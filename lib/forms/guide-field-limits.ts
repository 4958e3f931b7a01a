import type { Locale } from '../locales';

// What the guides' forms hold their fields to, without zod: the schemas refuse beyond these, and
// the client forms draw them (max, counters) without downloading the schemas.

/** The longest bio a guide writes per language. */
export const MAX_BIO_LENGTH = 2000;
/** The profile form's bio field of each language. */
export const bioFields = { en: 'bioEn', fr: 'bioFr', es: 'bioEs' } as const satisfies Record<Locale, string>;
/** The most departures a guide may take in one month (one a day). */
export const MAX_MONTHLY_CAPACITY = 31;
/** The longest payment instructions a guide may write. */
export const MAX_PAYMENT_INSTRUCTIONS_LENGTH = 2000;
