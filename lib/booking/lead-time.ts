import { addDays, format, parseISO } from 'date-fns';

export { DEFAULT_LEAD_DAYS, LEAD_DAYS_RANGE } from './lead-days';

/** The first departure a request sent on `today` (ISO day) may ask for, with the guide's lead time of `leadDays` days. */
export function firstRequestableDay(today: string, leadDays: number): string {
  return format(addDays(parseISO(today), leadDays), 'yyyy-MM-dd');
}

/** Whether a departure (ISO day) lies inside the guide's lead time when asked for on `today`. */
export function insideLeadTime(startsOn: string, today: string, leadDays: number): boolean {
  return startsOn < firstRequestableDay(today, leadDays);
}
