// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuideCancelForm } from '@/components/account/guide-cancel-form';
import { ReplyForm } from '@/components/account/reply-form';
import { RequestStepForm } from '@/components/account/request-step-form';
import { ReviewForm } from '@/components/account/review-form';
import { SupportRefundForm } from '@/components/account/support-refund-form';
import type { FormState, Submitted } from '@/lib/forms/errors';
import { submittedValues } from '@/lib/forms/form-data';
import messages from '@/messages/es.json';
import { answersSent, sentValues } from '../../support/form-post';

/* The forms under a booking request: drawn by the server, sent to their Server Action as FormData. */

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
afterEach(() => {
  cleanup();
  refresh.mockClear();
});

const inSpanish = (children: ReactNode) => (
  <NextIntlClientProvider locale="es" messages={messages} timeZone="Europe/Madrid">
    {children}
  </NextIntlClientProvider>
);
type Stepped = { ok: true } & Submitted;
/** A request's action answers its reference, never its row id. */
const stepped = () => answersSent<Stepped>({ ok: true, reference: 'K7Q4-MZ2T' });
/** An action that refuses with `fieldErrors`, as validatedAction does, giving back what was sent. */
const refusing = (fieldErrors: Record<string, string>) =>
  vi.fn(async (_state: FormState<Stepped>, formData: FormData): Promise<FormState<Stepped>> => ({ status: 'refused', formError: messages.Forms.errors.checkData, fieldErrors, values: submittedValues(formData), result: null }));

describe("a booking request's forms", { timeout: 15_000 }, () => {
  it('makes a step once, then draws the page again from the server', async () => {
    const action = stepped();
    render(inSpanish(<RequestStepForm reference="K7Q4MZ2T" label={messages.Account.proposal.accept} variant="accent" testId="accept-proposal" action={action} />));
    await userEvent.setup().click(screen.getByRole('button', { name: messages.Account.proposal.accept }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentValues(action)).toEqual(expect.objectContaining({ reference: 'K7Q4MZ2T', locale: 'es' }));
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('sends a reply, then empties the box for the next one, sent with a key of its own', async () => {
    const action = stepped();
    render(inSpanish(<ReplyForm threadKind="booking" reference="HV3P9W2C" action={action} side="traveller" />));
    const user = userEvent.setup();
    const box = () => screen.getByLabelText(new RegExp(messages.Account.bookings.replyLabel));
    await user.type(box(), '¿Hace falta llevar crampones?');
    await user.click(screen.getByRole('button', { name: messages.Account.bookings.replySubmit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentValues(action)).toEqual(expect.objectContaining({ threadKind: 'booking', reference: 'HV3P9W2C', message: '¿Hace falta llevar crampones?' }));
    await vi.waitFor(() => expect(box()).toHaveValue(''));
    await user.type(box(), '¿Y el saco de dormir?');
    await user.click(screen.getByRole('button', { name: messages.Account.bookings.replySubmit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(2));
    expect(sentValues(action, 1)).toEqual(expect.objectContaining({ message: '¿Y el saco de dormir?' }));
    expect(sentValues(action, 1).idempotencyKey).not.toBe(sentValues(action, 0).idempotencyKey);
  });

  it("shows a guide's cancellation refused in place, with the reason typed, and the same key to send it again", async () => {
    const action = refusing({ reason: messages.Forms.errors.messageRequired });
    render(inSpanish(<GuideCancelForm reference="MZ2TK7Q4" action={action} />));
    const user = userEvent.setup();
    const reason = () => screen.getByLabelText(new RegExp(messages.Account.guide.cancelReason.replace(/[()]/g, '.')));
    await user.type(reason(), 'El glaciar');
    await user.click(screen.getByRole('button', { name: messages.Account.guide.cancelSubmit }));
    expect(await screen.findByText(messages.Forms.errors.messageRequired)).toBeInTheDocument();
    expect(reason()).toHaveValue('El glaciar');
    expect(refresh).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: messages.Account.guide.cancelSubmit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(2));
    expect(sentValues(action, 1)).toEqual(expect.objectContaining({ reference: 'MZ2TK7Q4', reason: 'El glaciar' }));
    expect(sentValues(action, 1).idempotencyKey).toBe(sentValues(action, 0).idempotencyKey);
  });

  it('sends the stars chosen overall and per aspect, and the comment; refused, keeps them', async () => {
    const action = refusing({ comment: messages.Forms.errors.checkData });
    render(inSpanish(<ReviewForm reference="K7Q4MZ2T" action={action} />));
    const user = userEvent.setup();
    const group = (testId: string) => within(screen.getByTestId(testId));
    await user.click(group('review-rating').getByRole('radio', { name: /4 estrellas/ }));
    await user.click(group('review-guideRating').getByRole('radio', { name: /5 estrellas/ }));
    await user.click(group('review-organisationRating').getByRole('radio', { name: /3 estrellas/ }));
    await user.click(group('review-valueRating').getByRole('radio', { name: /2 estrellas/ }));
    await user.type(screen.getByLabelText(messages.Account.review.comment), 'Un guía excelente.');
    await user.click(screen.getByRole('button', { name: messages.Account.review.submit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentValues(action)).toMatchObject({ reference: 'K7Q4MZ2T', rating: '4', guideRating: '5', organisationRating: '3', valueRating: '2', comment: 'Un guía excelente.', locale: 'es' });
    await vi.waitFor(() => expect(group('review-rating').getByRole('radio', { name: /4 estrellas/ })).toBeChecked());
    expect(group('review-valueRating').getByRole('radio', { name: /2 estrellas/ })).toBeChecked();
    expect(screen.getByLabelText(messages.Account.review.comment)).toHaveValue('Un guía excelente.');
  });

  it('offers four photo slots and sends an alt text with the review; refused, keeps the alt text open under its error and asks for the file again', async () => {
    const action = refusing({ 'photos.1.file': messages.Forms.errors.reviewPhotoType });
    render(inSpanish(<ReviewForm reference="K7Q4MZ2T" action={action} />));
    const user = userEvent.setup();
    const fields = screen.getByTestId('review-photo-fields');
    expect(fields).not.toHaveAttribute('open');
    expect(screen.getByTestId('review-photo-0')).toHaveAttribute('name', 'photos.0.file');
    expect(screen.getAllByTestId(/^review-photo-\d$/)).toHaveLength(4);
    await user.click(within(fields).getByText(messages.Account.review.photos));
    // jsdom's FormData does not see files user-event sets: the file's trip is in the e2e (a post without JavaScript).
    expect(screen.getByTestId('review-photo-1')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');
    await user.type(screen.getByTestId('review-photo-alt-1'), 'El lago al amanecer');
    await user.click(screen.getByRole('button', { name: messages.Account.review.submit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentValues(action)).toMatchObject({ photos: [{ alt: '' }, { alt: 'El lago al amanecer' }, { alt: '' }, { alt: '' }] });
    await vi.waitFor(() => expect(screen.getByText(messages.Forms.errors.reviewPhotoType)).toBeInTheDocument());
    expect(screen.getByTestId('review-photo-fields')).toHaveAttribute('open');
    expect(screen.getByTestId('review-photo-alt-1')).toHaveValue('El lago al amanecer');
    expect(screen.getByTestId('review-photos-again')).toHaveTextContent(messages.Account.review.photosAgain);
  });

  it('names each aspect in the reader language', () => {
    render(inSpanish(<ReviewForm reference="K7Q4MZ2T" action={stepped()} />));
    for (const aspect of ['guideRating', 'organisationRating', 'valueRating'] as const) {
      expect(within(screen.getByTestId(`review-${aspect}`)).getByText(messages.Account.review[aspect])).toBeInTheDocument();
    }
  });
});

describe("support's refund form", { timeout: 15_000 }, () => {
  it('starts from what is held written in the page’s language, and sends the text as typed (the server reads it strictly)', async () => {
    const action = stepped();
    render(inSpanish(<SupportRefundForm reference="K7Q4MZ2T" currency="EUR" held="1234,50" action={action} />));
    const field = screen.getByLabelText(new RegExp(messages.Account.support.refundAmount.split(' (')[0]!));
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(field).toHaveValue('1234,50');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '1.000,25');
    await user.click(screen.getByRole('button', { name: messages.Account.support.refundSubmit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentValues(action)).toMatchObject({ reference: 'K7Q4MZ2T', amount: '1.000,25', locale: 'es' });
  });
});

describe('a step decided by someone else first', { timeout: 15_000 }, () => {
  it.each([
    ['the traveller’s cancel button', () => <RequestStepForm reference="K7Q4MZ2T" label={messages.Account.bookings.cancel} testId="cancel-request" action={refusing({ form: 'El guía ya canceló esta reserva.' })} />, messages.Account.bookings.cancel],
    ['the guide’s cancel form', () => <GuideCancelForm reference="K7Q4MZ2T" action={refusing({ form: 'El viajero ya canceló esta reserva.' })} />, messages.Account.guide.cancelSubmit],
  ])('%s shows who decided it, on the form that sent it', async (_, form, button) => {
    render(inSpanish(form()));
    const user = userEvent.setup();
    const reason = screen.queryByLabelText(new RegExp(messages.Account.guide.cancelReason));
    if (reason) await user.type(reason, 'Tormenta.');
    await user.click(screen.getByRole('button', { name: button }));
    await vi.waitFor(() => expect(screen.getByTestId('form-alert')).toHaveTextContent(/ya canceló esta reserva/));
    expect(refresh).not.toHaveBeenCalled();
  });
});
