'use client';

import { useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import {
  isBrowsableMonth,
  monthOf,
  shiftMonth,
  type BookingFlowEvent,
  type BookingFlowState,
  type CalendarMonth,
} from '@/lib/booking/calendar';
import { isoDayToDate } from '@/lib/iso-day';
import { CalendarMonthGrid, stateKeys } from './calendar-month-grid';
import { tripCalendarQuery } from './calendar-query';
import styles from './calendar-picker.module.css';

export interface CalendarPickerProps {
  tripId: number;
  /** The trip's minimum number of days (spec §5 'Minimum N days required'). */
  minDays: number;
  /** The first month shown, rendered on the server: the query's initial data, and its `today` bounds browsing. */
  initialMonth: CalendarMonth;
  /** The booking flow (lib/booking/calendar `bookingFlowReducer`), kept by the parent. */
  state: BookingFlowState;
  dispatch: (event: BookingFlowEvent) => void;
}

const legendStates = ['available', 'guide_unavailable', 'out_of_season', 'sold_out', 'past'] as const;

const Chevron = ({ flip }: { flip?: boolean }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={flip ? styles.flip : undefined}>
    <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

function initialFocus({ month, days }: CalendarMonth, start: string | null): string {
  if (start && monthOf(start) === month) return start;
  return (days.find((day) => day.state === 'available') ?? days.find((day) => day.state !== 'past') ?? days[0]!).date;
}

/** spec §4 calendar picker: month by month day states, a start and an end date, clear and confirm. */
export function CalendarPicker({ tripId, minDays, initialMonth, state, dispatch }: CalendarPickerProps) {
  const t = useTranslations('Calendar');
  const format = useFormatter();
  const titleId = useId();
  const { today } = initialMonth;
  const [focusDate, setFocusDate] = useState(() => initialFocus(initialMonth, state.start));
  const month = monthOf(focusDate);
  // The page's month may be minutes old (a cached page): shown at once, and read again as the picker opens.
  const query = useQuery({ ...tripCalendarQuery(tripId, month), initialData: month === initialMonth.month ? initialMonth : undefined, initialDataUpdatedAt: 0 });
  const calendar = query.data;

  const moveFocus = (date: string) => {
    const allowed = monthOf(date) === month || isBrowsableMonth(monthOf(date), today);
    if (allowed) setFocusDate(date);
    return allowed;
  };
  const bookable = calendar?.days.some((day) => day.state === 'available' || day.state === 'sold_out');
  const notice = !calendar
    ? query.isFetching && t('loading')
    : bookable && calendar.soldOut && t('soldOut');
  const error = state.error === 'selectEndDate' ? t('errors.selectEndDate') : state.error === 'minimumDays' ? t('errors.minimumDays', { count: minDays }) : null;

  return (
    <div className={styles.picker}>
      <div className={styles.header}>
        <Button variant="ghost" size="sm" aria-label={t('previousMonth')} disabled={!isBrowsableMonth(shiftMonth(month, -1), today)} onClick={() => moveFocus(`${shiftMonth(month, -1)}-01`)}>
          <Chevron />
        </Button>
        <h3 id={titleId} className={styles.title} aria-live="polite">
          {format.dateTime(isoDayToDate(`${month}-01`), { timeZone: 'UTC', month: 'long', year: 'numeric' })}
        </h3>
        <Button variant="ghost" size="sm" aria-label={t('nextMonth')} disabled={!isBrowsableMonth(shiftMonth(month, 1), today)} onClick={() => moveFocus(`${shiftMonth(month, 1)}-01`)}>
          <Chevron flip />
        </Button>
      </div>

      <CalendarMonthGrid
        month={month}
        days={calendar?.days ?? null}
        focusDate={focusDate}
        start={state.start}
        end={state.end}
        labelledBy={titleId}
        onFocusDate={moveFocus}
        onPick={(date) => dispatch({ type: 'pickDay', date })}
      />

      <p role="status" className={cx(styles.notice, calendar?.soldOut && styles.noticeSoldOut)}>
        {notice || null}
      </p>
      {query.isError && !calendar && (
        <p className={styles.loadError}>
          {t('loadError')}{' '}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </p>
      )}

      <ul className={styles.legend} aria-label={t('legend')}>
        {legendStates.map((legendState) => (
          <li key={legendState}>
            <span aria-hidden="true" className={cx(styles.swatch, styles[stateKeys[legendState]])} />
            {t(`legendItems.${stateKeys[legendState]}`)}
          </li>
        ))}
        <li>
          <span aria-hidden="true" className={cx(styles.swatch, styles.start)} />
          {t('legendItems.selected')}
        </li>
      </ul>

      <p role="alert" className={styles.error}>
        {error}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => dispatch({ type: 'clear' })}>
          {t('clear')}
        </Button>
        <Button variant="accent" onClick={() => dispatch({ type: 'confirm', minDays })}>
          {t('confirm')}
        </Button>
      </div>
    </div>
  );
}
