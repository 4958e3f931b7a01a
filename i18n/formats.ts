import type { Formats } from 'next-intl';

/**
 * The named styles messages use (`{date, date, long}`). The messages are compiled at build time
 * (next.config.ts) and their small formatter knows no style by itself: each one is defined here,
 * as ICU's own defaults, and tests/i18n/messages.test.ts fails on a style missing from this list.
 */
export const formats = {
  dateTime: {
    short: { day: 'numeric', month: 'numeric', year: '2-digit' },
    medium: { day: 'numeric', month: 'short', year: 'numeric' },
    long: { day: 'numeric', month: 'long', year: 'numeric' },
    full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  },
  number: {},
} satisfies Formats;
