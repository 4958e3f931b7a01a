'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { cx } from '@/components/ui/cx';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { calendarWeeks, daysOfMonth, shiftDay, shiftDayByMonths, weekBounds, type CalendarDay, type CalendarDayState } from '@/lib/booking/calendar';
import { isoDayToDate } from '@/lib/iso-day';
import styles from './calendar-picker.module.css';

/** Message keys (camelCase) of the day states. */
export const stateKeys = {
  past: 'past',
  out_of_season: 'outOfSeason',
  guide_unavailable: 'guideUnavailable',
  sold_out: 'soldOut',
  available: 'available',
} as const satisfies Record<CalendarDayState, string>;

const MONDAY = '2024-01-01';
const utc = { timeZone: 'UTC' } as const;

export interface CalendarMonthGridProps {
  month: string;
  /** The month's days with their states; null while they load (dates shown, nothing can be picked). */
  days: readonly CalendarDay[] | null;
  /** The day that holds the roving tab stop. */
  focusDate: string;
  start: string | null;
  end: string | null;
  labelledBy: string;
  /** Move the tab stop (possibly into another month); false when the calendar cannot go there. */
  onFocusDate: (date: string) => boolean;
  onPick: (date: string) => void;
}

/** One month as an ARIA grid: roving tabindex, arrows by day and week, Home/End, PageUp/PageDown by month. */
export function CalendarMonthGrid({ month, days, focusDate, start, end, labelledBy, onFocusDate, onPick }: CalendarMonthGridProps) {
  const t = useTranslations('Calendar');
  const format = useFormatter();
  const gridRef = useRef<HTMLTableElement>(null);
  const focusAfterMove = useRef(false);
  const cells: readonly { date: string; state: CalendarDayState | null }[] = days ?? daysOfMonth(month).map((date) => ({ date, state: null }));
  const stateOf = (date: string) => cells.find((day) => day.date === date)?.state ?? null;

  // Enter on a day of a month still loading picks it once its days arrive, if it is open.
  const pendingPick = useRef<string | null>(null);
  useEffect(() => {
    const date = pendingPick.current;
    if (date === null || days === null) return;
    pendingPick.current = null;
    if (days.find((day) => day.date === date)?.state === 'available') onPick(date);
  }, [days, onPick]);

  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focusDate}"]`)?.focus();
  }, [focusDate]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => shiftDay(focusDate, -1),
      ArrowRight: () => shiftDay(focusDate, 1),
      ArrowUp: () => shiftDay(focusDate, -7),
      ArrowDown: () => shiftDay(focusDate, 7),
      Home: () => weekBounds(focusDate).start,
      End: () => weekBounds(focusDate).end,
      PageUp: () => shiftDayByMonths(focusDate, -1),
      PageDown: () => shiftDayByMonths(focusDate, 1),
    };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (days === null) pendingPick.current = focusDate;
      else if (stateOf(focusDate) === 'available') onPick(focusDate);
    } else if (moves[event.key]) {
      event.preventDefault();
      pendingPick.current = null;
      focusAfterMove.current = onFocusDate(moves[event.key]!());
    }
  };

  const label = (date: string, state: CalendarDayState | null, selection: 'start' | 'end' | 'inRange' | null) =>
    [
      format.dateTime(isoDayToDate(date), { ...utc, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      state && t(`states.${stateKeys[state]}`),
      selection && t(`selection.${selection}`),
    ]
      .filter(Boolean)
      .join(', ');

  return (
    <table ref={gridRef} role="grid" aria-labelledby={labelledBy} aria-busy={days === null} className={styles.grid} onKeyDown={onKeyDown}>
      <thead>
        <tr>
          {Array.from({ length: 7 }, (_, index) => isoDayToDate(shiftDay(MONDAY, index))).map((weekday) => (
            <th key={weekday.toISOString()} scope="col" abbr={format.dateTime(weekday, { ...utc, weekday: 'long' })}>
              {format.dateTime(weekday, { ...utc, weekday: 'short' })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {calendarWeeks(cells).map((week) => (
          <tr key={week.find(Boolean)!.date}>
            {week.map((day, index) => {
              if (!day) return <td key={`blank-${index}`} className={styles.blank} />;
              const { date, state } = day;
              const selection = date === start ? 'start' : date === end ? 'end' : start && end && date > start && date < end ? 'inRange' : null;
              return (
                <td
                  key={date}
                  role="gridcell"
                  data-date={date}
                  tabIndex={date === focusDate ? 0 : -1}
                  aria-selected={selection !== null}
                  aria-disabled={state !== 'available'}
                  className={cx(styles.day, state ? styles[stateKeys[state]] : styles.loading, selection && styles[selection])}
                  onClick={() => {
                    onFocusDate(date);
                    if (state === 'available') onPick(date);
                  }}
                >
                  <span aria-hidden="true" className={styles.dayNumber}>
                    {Number(date.slice(8))}
                  </span>
                  <VisuallyHidden>{label(date, state, selection)}</VisuallyHidden>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
