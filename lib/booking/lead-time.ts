import { addDays, format, parseISO } from 'date-fns';

/** spec §1, §9 "booking at least 30 days ahead": a guide's lead time unless they set their own. */
export const DEFAULT_LEAD_DAYS = 30;
/** The lead times a guide may set, in days. */
export const LEAD_DAYS_RANGE = { min: 1, max: 365 } as const;

/** The first departure a request sent on `today` (ISO day) may ask for, with the guide's lead time of `leadDays` days. */
export function firstRequestableDay(today: string, leadDays: number): string {
  return format(addDays(parseISO(today), leadDays), 'yyyy-MM-dd');
}

/** Whether a departure (ISO day) lies inside the guide's lead time when asked for on `today`. */
export function insideLeadTime(startsOn: string, today: string, leadDays: number): boolean {
  return startsOn < firstRequestableDay(today, leadDays);
}
