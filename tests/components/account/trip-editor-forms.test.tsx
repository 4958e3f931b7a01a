// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenGroupsForm } from '@/components/account/open-groups-form';
import { SeasonsForm } from '@/components/account/seasons-form';
import { TripPricesForm } from '@/components/account/trip-prices-form';
import { UnavailableRangesForm } from '@/components/account/unavailable-ranges-form';
import type { FormState } from '@/lib/forms/errors';
import messages from '@/messages/es.json';
import { answersSent, sentValues } from '../../support/form-post';

/* A guide's trip editors: server-drawn forms on their Server Actions, their rows in React state. */

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
afterEach(cleanup);

const inSpanish = (children: ReactNode) => (
  <NextIntlClientProvider locale="es" messages={messages} timeZone="Europe/Madrid">
    {children}
  </NextIntlClientProvider>
);
const saved = () => answersSent({ ok: true as const, id: 7 });
const t = messages.Account.trips;
const months = Array.from({ length: 12 }, (_, month) => new Intl.DateTimeFormat('es', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month, 1)));
const groups = [
  { id: 11, startsOn: '2027-07-04', totalSpots: 8, openSpots: 3, price: 1200, confirmed: true },
  { id: 12, startsOn: '2027-08-01', totalSpots: 6, openSpots: 6, price: 1150, confirmed: false },
];

describe("the trip editors' server HTML", () => {
  it('holds every saved row, ready to save before the code runs in the browser', () => {
    const html = renderToString(
      inSpanish(
        <>
          <TripPricesForm tripId={3} currency="EUR" entries={[{ people: 1, price: 900 }, { people: 2, price: 700 }]} action={saved()} />
          <OpenGroupsForm tripId={3} currency="EUR" groups={groups} action={saved()} />
          <SeasonsForm tripId={3} seasons={[{ from: '06-15', to: '09-30' }]} months={months} action={saved()} />
          <UnavailableRangesForm tripId={3} ranges={[{ startsOn: '2027-07-10', endsOn: '2027-07-14' }]} today="2026-11-24" action={saved()} />
        </>,
      ),
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    const value = (name: string) => page.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
    expect(value('entries.1.people')?.getAttribute('value')).toBe('2');
    expect(value('entries.1.price')?.getAttribute('value')).toBe('700');
    expect(value('groups.0.startsOn')?.getAttribute('value')).toBe('2027-07-04');
    expect(value('groups.0.openSpots')?.getAttribute('value')).toBe('3');
    expect(value('groups.0.confirmed')?.hasAttribute('checked')).toBe(true);
    expect(value('groups.1.confirmed')?.hasAttribute('checked')).toBe(false);
    expect(value('seasons.0.to.month')?.querySelector('option[selected]')?.getAttribute('value')).toBe('09');
    expect(value('seasons.0.to.day')?.querySelector('option[selected]')?.getAttribute('value')).toBe('30');
    expect(value('ranges.0.endsOn')?.getAttribute('value')).toBe('2027-07-14');
    expect(value('groups.0.id')?.getAttribute('value')).toBe('11');
    expect(value('tripId')?.getAttribute('value')).toBe('3');
    // Nothing is disabled: without JavaScript the browser posts the form to its action.
    expect(page.querySelectorAll('fieldset[disabled], [disabled]')).toHaveLength(0);
  });
});

describe("a guide's trip editor", { timeout: 15_000 }, () => {
  it('removes and adds rows, then saves the prices typed', async () => {
    const action = saved();
    render(inSpanish(<TripPricesForm tripId={3} currency="EUR" entries={[{ people: 1, price: 900 }, { people: 2, price: 700 }, { people: 4, price: 600 }]} action={action} />));
    const form = screen.getByTestId('prices-form');
    const rows = () => within(form).getAllByTestId('price-row');
    const user = userEvent.setup();
    const second = within(rows()[1]!).getByLabelText(/Precio por persona/);
    await user.clear(second);
    await user.type(second, '650');
    await user.click(within(rows()[0]!).getByRole('button', { name: t.remove }));
    await user.click(within(form).getByRole('button', { name: t.addPrice }));
    // The first row is gone and a row for the next group size is added.
    expect(within(form).getAllByLabelText(t.people).map((input) => (input as HTMLInputElement).value)).toEqual(['2', '4', '5']);
    await user.type(within(rows()[2]!).getByLabelText(/Precio por persona/), '550');
    await user.click(screen.getByRole('button', { name: t.savePrices }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(sentValues(action)).toEqual(
      expect.objectContaining({
        tripId: '3',
        locale: 'es',
        entries: [
          { people: '2', price: '650' },
          { people: '4', price: '600' },
          { people: '5', price: '550' },
        ],
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(t.saved);
    expect(refresh).toHaveBeenCalled();
  });

  it('saves a season end picked from its lists', async () => {
    const action = saved();
    render(inSpanish(<SeasonsForm tripId={3} seasons={[{ from: '06-15', to: '09-15' }]} months={months} action={action} />));
    const to = within(screen.getByTestId('seasons-form')).getByRole('group', { name: t.seasonTo });
    const user = userEvent.setup();
    await user.selectOptions(within(to).getByLabelText(t.month), '10');
    await user.selectOptions(within(to).getByLabelText(t.day), '05');
    await user.click(screen.getByRole('button', { name: t.saveSeasons }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(sentValues(action)).toEqual(expect.objectContaining({ tripId: '3', seasons: [{ from: { month: '06', day: '15' }, to: { month: '10', day: '05' } }] }));
  });

  it('shows the refusal of an added row left empty, keeping every row as typed', async () => {
    const action = vi.fn(
      async (_state: FormState<{ ok: true; id: number }>, formData: FormData): Promise<FormState<{ ok: true; id: number }>> => ({
        status: 'refused',
        formError: messages.Forms.errors.checkData,
        fieldErrors: { 'ranges.1.startsOn': messages.Forms.errors.dateRangeInvalid },
        values: Object.fromEntries([...formData.entries()].map(([name, value]) => [name, String(value)])),
        result: null,
      }),
    );
    render(inSpanish(<UnavailableRangesForm tripId={3} ranges={[{ startsOn: '2027-07-10', endsOn: '2027-07-14' }]} today="2026-11-24" action={action} />));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: t.addRange }));
    await user.click(screen.getByRole('button', { name: t.saveRanges }));
    expect(await screen.findByText(messages.Forms.errors.checkData, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(sentValues(action)).toEqual(expect.objectContaining({ ranges: [{ startsOn: '2027-07-10', endsOn: '2027-07-14' }, { startsOn: '', endsOn: '' }] }));
    const rows = within(screen.getByTestId('unavailable-form')).getAllByTestId('unavailable-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByLabelText(t.rangeStart)).toHaveValue('2027-07-10');
    expect(within(rows[1]!).getByLabelText(t.rangeStart)).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves again as a new submission once saved', async () => {
    const action = saved();
    render(inSpanish(<UnavailableRangesForm tripId={3} ranges={[{ startsOn: '2027-07-10', endsOn: '2027-07-14' }]} today="2026-11-24" action={action} />));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: t.saveRanges }));
    expect(await screen.findByRole('status')).toHaveTextContent(t.saved);
    await user.click(screen.getByRole('button', { name: t.remove }));
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: t.saveRanges }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(2), { timeout: 5000 });
    const key = (call: number) => (action.mock.calls[call]![1] as FormData).get('idempotencyKey');
    expect(key(0)).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(key(1)).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(key(1)).not.toBe(key(0));
    expect(sentValues(action, 1)).not.toHaveProperty('ranges');
  });

  it('draws every open group as saved, confirmed ones ticked', () => {
    render(inSpanish(<OpenGroupsForm tripId={3} currency="EUR" groups={groups} action={saved()} />));
    const rows = within(screen.getByTestId('open-groups-form')).getAllByTestId('group-row');
    expect(within(rows[0]!).getByLabelText(t.startsOn)).toHaveValue('2027-07-04');
    expect(within(rows[0]!).getByLabelText(t.openSpots)).toHaveValue(3);
    expect(within(rows[0]!).getByLabelText(t.confirmed)).toBeChecked();
    expect(within(rows[1]!).getByLabelText(t.confirmed)).not.toBeChecked();
  });
});
