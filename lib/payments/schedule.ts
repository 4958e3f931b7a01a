import { addDays } from 'date-fns';
import { isoDayToDate } from '../iso-day';

/** spec §9: the day the 70 % remainder is charged: `daysBefore` days before departure (09:00 UTC), never before now. */
export function remainderDueAt(departure: string | null, daysBefore: number, now: Date): Date {
  if (!departure) return now;
  const due = addDays(isoDayToDate(departure), -daysBefore);
  due.setUTCHours(9, 0, 0, 0);
  return due.getTime() < now.getTime() ? now : due;
}

