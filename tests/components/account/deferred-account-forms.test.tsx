// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionResult, Submitted } from '@/lib/forms/errors';
import messages from '@/messages/es.json';
import { heldDownload } from '../../support/held-download';

/*
 * The account area's forms as their pages draw them (account-forms.tsx), before and after
 * their code (react-hook-form) arrives: what the guide or traveller did meanwhile counts.
 */

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
// The island itself, not its next/dynamic wrapper: the page has it at once.
vi.mock('@/components/forms/deferred-form-loader', async () => ({ DeferredForm: (await import('@/components/forms/deferred-form')).DeferredForm }));

// The forms' code arrives only when the test lets it.
const download = heldDownload();
beforeEach(() => {
  vi.resetModules();
  download.hold(['request-step-form', 'reply-form', 'guide-cancel-form'].map((form) => `@/components/account/${form}`));
});
afterEach(cleanup);

const inSpanish = (children: ReactNode) => (
  <NextIntlClientProvider locale="es" messages={messages} timeZone="Europe/Madrid">
    {children}
  </NextIntlClientProvider>
);
/** A request's action answers its reference, never its row id. */
const stepped = () => vi.fn(async (): Promise<ActionResult<Submitted>> => ({ ok: true, reference: 'K7Q4-MZ2T' }));

describe("a booking request's forms used before their code arrives", { timeout: 15_000 }, () => {
  it('makes a step pressed before its code arrived, once', async () => {
    const action = stepped();
    const { RequestStepForm } = await import('@/components/account/account-forms');
    render(inSpanish(<RequestStepForm reference="K7Q4MZ2T" label={messages.Account.proposal.accept} variant="accent" testId="accept-proposal" action={action} />));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: messages.Account.proposal.accept }));
    download.release();
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(action.mock.calls[0]).toEqual([expect.objectContaining({ reference: 'K7Q4MZ2T', locale: 'es' })]);
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
    expect(action.mock.calls[0]).toEqual([expect.objectContaining({ threadKind: 'booking', reference: 'HV3P9W2C', message: '¿Hace falta llevar crampones?' })]);
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
    expect(action.mock.calls[0]).toEqual([expect.objectContaining({ reference: 'MZ2TK7Q4', reason: 'El glaciar está cerrado.' })]);
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
