/**
 * A calendar day (`2026-11-20`, or a month-day in a fixed year) as a Date at noon UTC, so that
 * formatting it in any time zone gives the same day.
 */
/** The UTC calendar day of a moment, `yyyy-mm-dd` (e.g. today's date). */
export function isoDayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isoDayToDate(isoDay: string): Date {
  return new Date(`${isoDay}T12:00:00Z`);
}
