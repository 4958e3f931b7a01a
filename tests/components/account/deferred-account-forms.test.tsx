// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answersSent, sentValues } from '../../support/form-post';
import messages from '@/messages/es.json';
import { heldDownload } from '../../support/held-download';

/*
 * The account area's forms as their pages draw them (account-forms.tsx), before and after
 * their code (react-hook-form, the editors) arrives: what the guide or traveller did meanwhile counts.
 */

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
// The island itself, not its next/dynamic wrapper: the page has it at once.
vi.mock('@/components/forms/deferred-form-loader', async () => ({ DeferredForm: (await import('@/components/forms/deferred-form')).DeferredForm }));

// The forms' code arrives only when the test lets it.
const download = heldDownload();
beforeEach(() => {
  vi.resetModules();
  download.hold(['trip-prices-form', 'seasons-form', 'open-groups-form', 'unavailable-ranges-form', 'request-step-form', 'reply-form', 'guide-cancel-form'].map((form) => `@/components/account/${form}`));
});
afterEach(cleanup);

const inSpanish = (children: ReactNode) => (
  <NextIntlClientProvider locale="es" messages={messages} timeZone="Europe/Madrid">
    {children}
  </NextIntlClientProvider>
);
const saved = () => answersSent({ ok: true as const, id: 7 });
/** A request's action answers its reference, never its row id. */
const stepped = () => answersSent({ ok: true as const, reference: 'K7Q4-MZ2T' });
const t = messages.Account.trips;

// Several code downloads and many keystrokes each: time for a busy machine.
describe("a guide's trip editor used before its code arrives", { timeout: 15_000 }, () => {
  it('keeps the prices typed and the rows removed and added, then saves them', async () => {
    const action = saved();
    const { TripPricesForm } = await import('@/components/account/account-forms');
    render(inSpanish(<TripPricesForm tripId={3} currency="EUR" entries={[{ people: 1, price: 900 }, { people: 2, price: 700 }, { people: 4, price: 600 }]} action={action} />));
    const form = screen.getByTestId('prices-form');
    const rows = () => within(form).getAllByTestId('price-row');
    expect(rows()).toHaveLength(3);
    const user = userEvent.setup();
    const second = within(rows()[1]!).getByLabelText(/Precio por persona/);
    await user.clear(second);
    await user.type(second, '650');
    await user.click(within(rows()[0]!).getByRole('button', { name: messages.Account.trips.remove }));
    await user.click(within(form).getByRole('button', { name: t.addPrice }));
    // Nothing happens to the rows until the code is there…
    expect(rows()).toHaveLength(3);
    expect(action).not.toHaveBeenCalled();

    download.release();
    // …then the first row is gone and a row for the next group size is added.
    await vi.waitFor(() => expect(screen.getByTestId('prices-form')).toHaveAttribute('aria-busy'), { timeout: 5000 });
    await vi.waitFor(() => expect(within(screen.getByTestId('prices-form')).getAllByTestId('price-row')).toHaveLength(3));
    const people = within(screen.getByTestId('prices-form'))
      .getAllByLabelText(t.people)
      .map((input) => (input as HTMLInputElement).value);
    expect(people).toEqual(['2', '4', '5']);
    const last = within(screen.getByTestId('prices-form')).getAllByTestId('price-row')[2]!;
    // The row added last takes the focus, as one added since would.
    expect(within(last).getByLabelText(t.people)).toHaveFocus();
    await user.type(within(last).getByLabelText(/Precio por persona/), '550');
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
  });

  it('replaces a price selected before its code arrived with what is typed after', async () => {
    const action = saved();
    const { TripPricesForm } = await import('@/components/account/account-forms');
    render(inSpanish(<TripPricesForm tripId={3} currency="EUR" entries={[{ people: 1, price: 900 }, { people: 2, price: 700 }]} action={action} />));
    const price = within(within(screen.getByTestId('prices-form')).getAllByTestId('price-row')[1]!).getByLabelText(/Precio por persona/);
    // As a browser's Tab, or a test's fill, enters it: focused, its value wholly selected.
    (price as HTMLInputElement).focus();
    (price as HTMLInputElement).select();
    download.release();
    await vi.waitFor(() => expect(screen.getByTestId('prices-form')).toHaveAttribute('aria-busy'), { timeout: 5000 });
    const swapped = within(within(screen.getByTestId('prices-form')).getAllByTestId('price-row')[1]!).getByLabelText(/Precio por persona/);
    expect(swapped).not.toBe(price);
    expect(swapped).toHaveFocus();
    await userEvent.setup().keyboard('650');
    expect(swapped).toHaveValue(650);
  });

  it('keeps a season end picked from its lists and a save asked for before the code arrived', async () => {
    const action = saved();
    const { SeasonsForm } = await import('@/components/account/account-forms');
    const months = Array.from({ length: 12 }, (_, month) => new Intl.DateTimeFormat('es', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month, 1)));
    render(inSpanish(<SeasonsForm tripId={3} seasons={[{ from: '06-15', to: '09-15' }]} months={months} action={action} />));
    const form = screen.getByTestId('seasons-form');
    const user = userEvent.setup();
    const to = within(form).getByRole('group', { name: t.seasonTo });
    expect(within(to).getByLabelText(t.month)).toHaveValue('09');
    await user.selectOptions(within(to).getByLabelText(t.month), '10');
    await user.selectOptions(within(to).getByLabelText(t.day), '05');
    await user.click(within(form).getByRole('button', { name: t.saveSeasons }));
    expect(action).not.toHaveBeenCalled();

    download.release();
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(sentValues(action)).toEqual(expect.objectContaining({ tripId: '3', seasons: [{ from: '06-15', to: '10-05' }] }));
    const end = within(screen.getByTestId('seasons-form')).getByRole('group', { name: t.seasonTo });
    expect(within(end).getByLabelText(t.month)).toHaveValue('10');
    expect(within(end).getByLabelText(t.day)).toHaveValue('05');
  });

  it('adds the row asked for before a save asked for before the code arrived, and checks it', async () => {
    const action = saved();
    const { UnavailableRangesForm } = await import('@/components/account/account-forms');
    render(inSpanish(<UnavailableRangesForm tripId={3} ranges={[{ startsOn: '2027-07-10', endsOn: '2027-07-14' }]} today="2026-11-24" action={action} />));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: t.addRange }));
    await user.click(screen.getByRole('button', { name: t.saveRanges }));
    download.release();
    expect(await screen.findByText(messages.Forms.errors.checkData, undefined, { timeout: 5000 })).toBeInTheDocument();
    const rows = within(screen.getByTestId('unavailable-form')).getAllByTestId('unavailable-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByLabelText(t.rangeStart)).toHaveValue('2027-07-10');
    expect(within(rows[1]!).getByLabelText(t.rangeStart)).toHaveAttribute('aria-invalid', 'true');
    expect(action).not.toHaveBeenCalled();
  });

  it('draws every open group as saved, confirmed ones ticked, before any code', async () => {
    const { OpenGroupsForm } = await import('@/components/account/account-forms');
    render(
      inSpanish(
        <OpenGroupsForm
          tripId={3}
          currency="EUR"
          groups={[
            { id: 11, startsOn: '2027-07-04', totalSpots: 8, openSpots: 3, price: 1200, confirmed: true },
            { id: 12, startsOn: '2027-08-01', totalSpots: 6, openSpots: 6, price: 1150, confirmed: false },
          ]}
          action={saved()}
        />,
      ),
    );
    const rows = within(screen.getByTestId('open-groups-form')).getAllByTestId('group-row');
    expect(within(rows[0]!).getByLabelText(t.startsOn)).toHaveValue('2027-07-04');
    expect(within(rows[0]!).getByLabelText(t.openSpots)).toHaveValue(3);
    expect(within(rows[0]!).getByLabelText(t.confirmed)).toBeChecked();
    expect(within(rows[1]!).getByLabelText(t.confirmed)).not.toBeChecked();
    expect(screen.getByTestId('open-groups-form')).not.toHaveAttribute('aria-busy');
  });
});

describe("a booking request's forms used before their code arrives", { timeout: 15_000 }, () => {
  it('makes a step pressed before its code arrived, once', async () => {
    const action = stepped();
    const { RequestStepForm } = await import('@/components/account/account-forms');
    render(inSpanish(<RequestStepForm reference="K7Q4MZ2T" label={messages.Account.proposal.accept} variant="accent" testId="accept-proposal" action={action} />));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: messages.Account.proposal.accept }));
    download.release();
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(sentValues(action)).toEqual(expect.objectContaining({ reference: 'K7Q4MZ2T', locale: 'es' }));
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('sends a reply typed before its code arrived, then empties the box for the next one', async () => {
    const action = stepped();
    const { ReplyForm } = await import('@/components/account/account-forms');
    render(inSpanish(<ReplyForm threadKind="booking" reference="HV3P9W2C" action={action} side="traveller" />));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(new RegExp(messages.Account.bookings.replyLabel)), '¿Hace falta llevar crampones?');
    await user.click(screen.getByRole('button', { name: messages.Account.bookings.replySubmit }));
    download.release();
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(sentValues(action)).toEqual(expect.objectContaining({ threadKind: 'booking', reference: 'HV3P9W2C', message: '¿Hace falta llevar crampones?' }));
    await vi.waitFor(() => expect(screen.getByLabelText(new RegExp(messages.Account.bookings.replyLabel))).toHaveValue(''));
  });

  it("refuses a guide's cancellation without a reason, then sends it with the reason", async () => {
    const action = stepped();
    const { GuideCancelForm } = await import('@/components/account/account-forms');
    render(inSpanish(<GuideCancelForm reference="MZ2TK7Q4" action={action} />));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: messages.Account.guide.cancelSubmit }));
    download.release();
    await vi.waitFor(() => expect(screen.getByText(messages.Forms.errors.messageRequired)).toBeInTheDocument(), { timeout: 5000 });
    expect(action).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(new RegExp(messages.Account.guide.cancelReason.replace(/[()]/g, '.'))), 'El glaciar está cerrado.');
    await user.click(screen.getByRole('button', { name: messages.Account.guide.cancelSubmit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentValues(action)).toEqual(expect.objectContaining({ reference: 'MZ2TK7Q4', reason: 'El glaciar está cerrado.' }));
  });
});

describe("support's refund form", () => {
  it("steps by the currency's minor unit, so the browser refuses an amount finer than it (the server does too)", async () => {
    const { SupportRefundForm } = await import('@/components/account/account-forms');
    render(
      inSpanish(
        <>
          <SupportRefundForm reference="K7Q4MZ2T" currency="EUR" held={250} action={stepped()} />
          <SupportRefundForm reference="M2TQ4K7Z" currency="JPY" held={30000} action={stepped()} />
        </>,
      ),
    );
    const [eur, jpy] = screen.getAllByLabelText(new RegExp(messages.Account.support.refundAmount.split(' (')[0]!));
    expect(eur).toHaveAttribute('step', '0.01');
    expect(jpy).toHaveAttribute('step', '1');
  });
});
