'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import { fieldStyles } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import type { BookingFlowEvent, BookingFlowState, CalendarMonth } from '@/lib/booking/calendar';
import { isoDayToDate } from '@/lib/iso-day';
import { CalendarPicker } from './calendar-picker';
import styles from './booking-drawer.module.css';

/** An open group as the drawer offers it: its fixed dates and a ready-made label. */
export type BookableGroup = { id: number; startsOn: string; durationDays: number; openSpots: number; label: string };

type Props = {
  tripId: number;
  minDays: number;
  initialMonth: CalendarMonth;
  groups: readonly BookableGroup[];
  state: BookingFlowState;
  dispatch: (event: BookingFlowEvent) => void;
  error?: string;
};

/**
 * spec §3 "available date range" and "selected open group" (selectable and removable): either an
 * open group's fixed dates, or a range picked in the calendar (start, end, confirm).
 */
export function BookingDates({ tripId, minDays, initialMonth, groups, state, dispatch, error }: Props) {
  const t = useTranslations('BookingForm');
  const format = useFormatter();
  const id = useId();
  const selected = groups.find((group) => group.id === state.openGroupId) ?? null;
  const dateOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;
  // Picked dates show at once; until confirmed they say so.
  const chosen =
    state.start && state.end
      ? format.dateTimeRange(isoDayToDate(state.start), isoDayToDate(state.end), dateOptions)
      : state.start
        ? t('startChosen', { start: format.dateTime(isoDayToDate(state.start), dateOptions) })
        : null;

  return (
    <fieldset className={styles.dates} aria-describedby={error ? `${id}-error` : `${id}-hint`} data-testid="booking-dates">
      <legend className={styles.legend}>{t('datesLegend')}</legend>
      {groups.length > 0 ? (
        <div className={styles.groupPicker}>
          <label htmlFor={`${id}-group`} className={fieldStyles.label}>
            {t('openGroup')}
          </label>
          <div className={styles.groupRow}>
            <select
              id={`${id}-group`}
              className={fieldStyles.control}
              value={selected ? String(selected.id) : ''}
              onChange={(event) => {
                const group = groups.find((candidate) => String(candidate.id) === event.target.value);
                dispatch(group ? { type: 'selectOpenGroup', group } : { type: 'removeOpenGroup' });
              }}
            >
              <option value="">{t('noOpenGroup')}</option>
              {groups.map((group) => (
                <option key={group.id} value={group.id} disabled={group.openSpots === 0}>
                  {group.label}
                </option>
              ))}
            </select>
            {selected ? (
              <Button variant="secondary" size="sm" onClick={() => dispatch({ type: 'removeOpenGroup' })}>
                {t('removeOpenGroup')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {t('datesHint')}
      </p>
      <p className={styles.chosen} data-testid="chosen-dates" aria-live="polite">
        {chosen ?? t('noDates')}
        {chosen && !state.confirmed ? (
          <span className={styles.pending} data-testid="dates-not-confirmed">
            {' '}
            {t('notConfirmed')}
          </span>
        ) : null}
      </p>
      {selected ? null : <CalendarPicker tripId={tripId} minDays={minDays} initialMonth={initialMonth} state={state} dispatch={dispatch} />}
      {error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
