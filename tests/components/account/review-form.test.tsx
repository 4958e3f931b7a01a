// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewForm } from '@/components/account/review-form';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import { answersSent, sentValues } from '../../support/form-post';
import messages from '@/messages/es.json';

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
afterEach(cleanup);

function renderForm(action: FormAction<{ ok: true } & Submitted>) {
  return render(
    <NextIntlClientProvider locale="es" messages={messages} timeZone="Europe/Madrid">
      <ReviewForm reference="K7Q4MZ2T" action={action} />
    </NextIntlClientProvider>,
  );
}

describe("a traveller's review of a trip that is over", () => {
  it('asks for a rating in the page\'s language before sending anything', async () => {
    const action = answersSent({ ok: true as const, reference: 'K7Q4-MZ2T' });
    renderForm(action);
    await userEvent.setup().click(screen.getByRole('button', { name: messages.Account.review.submit }));
    expect(await screen.findByText(messages.Forms.errors.reviewRatingRequired)).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it('sends the stars chosen and the comment, then refreshes the page to show the review', async () => {
    const action = answersSent({ ok: true as const, reference: 'K7Q4-MZ2T' });
    renderForm(action);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /4 estrellas/ }));
    await user.type(screen.getByLabelText(messages.Account.review.comment), 'Un guía excelente.');
    await user.click(screen.getByRole('button', { name: messages.Account.review.submit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sentValues(action)).toMatchObject({ reference: 'K7Q4MZ2T', rating: '4', comment: 'Un guía excelente.', locale: 'es' });
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
  });
});
