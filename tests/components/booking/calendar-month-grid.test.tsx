// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendarMonthGrid } from '@/components/booking/calendar-month-grid';
import { buildCalendarMonth } from '@/lib/booking/calendar';
import messages from '@/messages/en.json';

afterEach(cleanup);

const april = buildCalendarMonth({ month: '2027-04', today: '2027-03-10', seasons: [{ from: '04-01', to: '04-30' }], unavailableRanges: [], monthlyCapacity: 10, bookedDepartures: 0, minDays: 1, leadDays: 1 });

function grid(days: typeof april.days | null, onPick: (date: string) => void) {
  return (
    <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC">
      <span id="label">April 2027</span>
      <CalendarMonthGrid month="2027-04" days={days} focusDate="2027-04-02" start={null} end={null} labelledBy="label" onFocusDate={() => true} onPick={onPick} />
    </NextIntlClientProvider>
  );
}

describe('a month grid by keyboard', () => {
  it('picks the day Enter was pressed on once the month’s days arrive, if it is open', async () => {
    const onPick = vi.fn();
    const view = render(grid(null, onPick));
    screen.getByRole('grid').querySelector<HTMLElement>('[data-date="2027-04-02"]')!.focus();
    await userEvent.keyboard('{Enter}');
    expect(onPick).not.toHaveBeenCalled();
    view.rerender(grid(april.days, onPick));
    expect(onPick).toHaveBeenCalledExactlyOnceWith('2027-04-02');
  });

  it('forgets that Enter once the focus moved on', async () => {
    const onPick = vi.fn();
    const view = render(grid(null, onPick));
    screen.getByRole('grid').querySelector<HTMLElement>('[data-date="2027-04-02"]')!.focus();
    await userEvent.keyboard('{Enter}{ArrowRight}');
    view.rerender(grid(april.days, onPick));
    expect(onPick).not.toHaveBeenCalled();
  });
});
