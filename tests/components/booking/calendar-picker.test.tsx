// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { useReducer, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarPicker } from '@/components/booking/calendar-picker';
import { tripCalendarQuery } from '@/components/booking/calendar-query';
import { createQueryClient, QueryProvider } from '@/components/providers/query-provider';
import { bookingFlowReducer, buildCalendarMonth, initialBookingFlowState, type CalendarMonth, type CalendarMonthInput } from '@/lib/booking/calendar';
import messages from '@/messages/en.json';

// March 2027 starts on a Monday. Today is the 10th; the season ends on the 25th; the guide is away
// on the weekend of the 13th; 7 of 10 departures of the month are booked.
const monthInput: CalendarMonthInput = {
  month: '2027-03',
  today: '2027-03-10',
  seasons: [{ from: '03-01', to: '03-25' }, { from: '04-01', to: '04-30' }],
  unavailableRanges: [{ startsOn: '2027-03-13', endsOn: '2027-03-14' }],
  monthlyCapacity: 10,
  bookedDepartures: 7,
  minDays: 3,
  // Tomorrow is the first day a request may ask for.
  leadDays: 1,
};
const march = buildCalendarMonth(monthInput);
const april = buildCalendarMonth({ ...monthInput, month: '2027-04', bookedDepartures: 0 });

/** The parent's side: the booking flow in useReducer, its state printed for the assertions. */
function Harness({ initialMonth = march, minDays = 3 }: { initialMonth?: CalendarMonth; minDays?: number }) {
  const [state, dispatch] = useReducer(bookingFlowReducer, initialBookingFlowState);
  return (
    <>
      <CalendarPicker tripId={7} minDays={minDays} initialMonth={initialMonth} state={state} dispatch={dispatch} />
      <pre data-testid="flow">{JSON.stringify(state)}</pre>
    </>
  );
}
const withIntl = (children: ReactNode) => (
  <NextIntlClientProvider locale="en" messages={messages} timeZone="Europe/Paris">
    {children}
  </NextIntlClientProvider>
);
const renderPicker = (props: Parameters<typeof Harness>[0] = {}) => render(withIntl(<QueryProvider><Harness {...props} /></QueryProvider>));
const flow = () => JSON.parse(screen.getByTestId('flow').textContent!);
const day = (name: string | RegExp) => screen.getByRole('gridcell', { name });

const fetchMock = vi.fn<typeof fetch>();
const monthOfUrl = (input: Parameters<typeof fetch>[0]) => new URL(String(input), 'http://localhost').searchParams.get('month');
const fetchedMonths = () => fetchMock.mock.calls.map(([input]) => monthOfUrl(input));
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => Response.json(monthOfUrl(input) === '2027-03' ? march : april));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CalendarPicker', () => {
  it('shows the month with Monday-first weekdays, each day named with its state, a legend', async () => {
    renderPicker();
    const grid = screen.getByRole('grid', { name: 'March 2027' });
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(31);
    expect(day('Tuesday, March 9, 2027, past')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Wednesday, March 10, 2027, past')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Thursday, March 11, 2027, available')).toHaveAttribute('aria-disabled', 'false');
    expect(day('Saturday, March 13, 2027, guide unavailable')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Friday, March 26, 2027, out of season')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText(/left this month/)).toBeNull();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Available',
      'Guide unavailable',
      'Out of season',
      'Sold out',
      'Past',
      'Your dates',
    ]);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    // The page's month is shown at once and read again as the picker opens (the page may be cached).
    await waitFor(() => expect(fetchedMonths()).toEqual(['2027-03']));
  });

  it('reads the page\'s month again as it opens: days sold out since the page was cached are no longer offered', async () => {
    fetchMock.mockImplementation(async (input) => Response.json(monthOfUrl(input) === '2027-03' ? buildCalendarMonth({ ...monthInput, bookedDepartures: 10 }) : april));
    renderPicker();
    expect(day('Thursday, March 11, 2027, available')).toHaveAttribute('aria-disabled', 'false');
    expect(await screen.findByRole('gridcell', { name: 'Thursday, March 11, 2027, sold out' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Sold out this month');
  });

  it('urges nothing when the month runs out of days: the calendar\'s end is no demand', () => {
    renderPicker({ initialMonth: buildCalendarMonth({ ...monthInput, today: '2027-03-22' }) });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('marks the open days of a month whose departures are all booked as sold out', () => {
    renderPicker({ initialMonth: buildCalendarMonth({ ...monthInput, bookedDepartures: 10 }) });
    expect(day('Thursday, March 11, 2027, sold out')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Saturday, March 13, 2027, guide unavailable')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sold out this month');
  });

  it('picks a start, then an end, highlights the range and confirms it', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(day(/March 13, 2027/));
    expect(flow().start).toBeNull();
    await user.click(day('Thursday, March 11, 2027, available'));
    expect(day('Thursday, March 11, 2027, available, start date')).toHaveAttribute('aria-selected', 'true');
    await user.click(day('Monday, March 15, 2027, available'));
    expect(day('Monday, March 15, 2027, available, end date')).toHaveAttribute('aria-selected', 'true');
    expect(day(/March 13, 2027, guide unavailable, within your dates/)).toHaveAttribute('aria-selected', 'true');
    expect(day(/March 16, 2027/)).toHaveAttribute('aria-selected', 'false');
    await user.click(screen.getByRole('button', { name: 'Confirm dates' }));
    expect(flow()).toMatchObject({ start: '2027-03-11', end: '2027-03-15', confirmed: true, error: null });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('asks for an end date, then for the minimum number of days', async () => {
    const user = userEvent.setup();
    renderPicker({ minDays: 4 });
    await user.click(day(/March 11, 2027/));
    await user.click(screen.getByRole('button', { name: 'Confirm dates' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an end date');
    await user.click(day(/March 12, 2027/));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Confirm dates' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum 4 days required');
    expect(flow().confirmed).toBe(false);
  });

  it('clears the dates', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(day(/March 11, 2027/));
    await user.click(day(/March 12, 2027/));
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(flow()).toEqual(initialBookingFlowState);
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.getAttribute('aria-selected') === 'true')).toEqual([]);
  });

  it('moves the roving focus with arrows, Home and End, through disabled days, and picks with Enter and Space', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
    await user.tab();
    expect(day(/March 11, 2027/)).toHaveFocus();
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{ArrowRight}');
    expect(day(/March 12, 2027/)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(day(/March 13, 2027, guide unavailable/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(flow().start).toBeNull();
    await user.keyboard('{End}');
    expect(day(/Sunday, March 14, 2027/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day(/Monday, March 8, 2027/)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day(/Monday, March 15, 2027/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(flow().start).toBe('2027-03-15');
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowRight}');
    expect(day(/Tuesday, March 16, 2027/)).toHaveFocus();
    await user.keyboard(' ');
    expect(flow()).toMatchObject({ start: '2027-03-15', end: '2027-03-16' });
    await user.keyboard('{PageUp}');
    expect(day(/March 16, 2027/)).toHaveFocus();
    expect(fetchedMonths()).toEqual(['2027-03']);
  });

  it('shows the next month on PageDown, loading it through the calendar route', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementation(async (input) => (monthOfUrl(input) === '2027-04' ? new Promise<Response>((resolve) => (answer = resolve)) : Response.json(march)));
    const user = userEvent.setup();
    renderPicker();
    await user.tab();
    await user.tab();
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'April 2027' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading dates…');
    expect(day('Sunday, April 11, 2027')).toHaveFocus();
    expect(day('Sunday, April 11, 2027')).toHaveAttribute('aria-disabled', 'true');
    expect(fetchMock).toHaveBeenCalledWith('/api/v3/trips/7/calendar?month=2027-04', expect.anything());
    answer(Response.json(april));
    expect(await screen.findByRole('gridcell', { name: 'Sunday, April 11, 2027, available' })).toHaveFocus();
    expect(screen.getByRole('grid', { name: 'April 2027' })).toHaveAttribute('aria-busy', 'false');
    await user.keyboard('{Enter}');
    expect(flow().start).toBe('2027-04-11');
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('grid', { name: 'March 2027' })).toBeInTheDocument();
    expect(fetchedMonths()).toEqual(['2027-03', '2027-04']);
  });

  it('offers to retry a month that failed to load', async () => {
    let aprilReads = 0;
    fetchMock.mockImplementation(async (input) => (monthOfUrl(input) === '2027-03' ? Response.json(march) : (aprilReads += 1) === 1 ? new Response('{}', { status: 503 }) : Response.json(april)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const user = userEvent.setup();
    render(withIntl(<QueryClientProvider client={client}><Harness /></QueryClientProvider>));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('The dates of this month could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('gridcell', { name: 'Thursday, April 1, 2027, available' })).toBeInTheDocument();
    expect(screen.queryByText('The dates of this month could not be loaded.')).toBeNull();
    expect(fetchedMonths().filter((month) => month === '2027-04')).toHaveLength(2);
  });
});

describe('tripCalendarQuery and QueryProvider', () => {
  it('keys a month by trip and month, fresh for a minute, and throws on an error answer', async () => {
    const options = tripCalendarQuery(7, '2027-04');
    expect(options.queryKey).toEqual(['trip-calendar', 7, '2027-04']);
    expect(options.staleTime).toBe(60_000);
    const client = createQueryClient();
    expect(await client.fetchQuery(options)).toEqual(april);
    fetchMock.mockImplementationOnce(async () => Response.json({ error: { code: 'NOT_FOUND' } }, { status: 404 }));
    await expect(client.fetchQuery({ ...tripCalendarQuery(8, '2027-04'), retry: false })).rejects.toThrow('HTTP 404');
    expect(client.getDefaultOptions().queries).toMatchObject({ retry: 1, refetchOnWindowFocus: false });
  });
});
