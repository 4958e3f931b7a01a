// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NeedHelpForm } from '@/components/forms/need-help-form';
import type { ActionResult, Submitted } from '@/lib/forms/errors';
import messages from '@/messages/fr.json';

afterEach(cleanup);

const rateLimited = 'Trop de messages ont été envoyés depuis cette connexion. Veuillez réessayer dans 12 minutes.';

function renderForm(action: (input: unknown) => Promise<ActionResult<Submitted>>) {
  return render(
    <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
      <NeedHelpForm pageUrl="/fr/trip/x" defaultCountry="FR" termsHref="/fr/cgu" privacyHref="/fr/confidentialite" action={action} />
    </NextIntlClientProvider>,
  );
}

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Nom complet/), 'Jeanne Martin');
  await user.type(screen.getByLabelText(/^E-mail/), 'jeanne@example.com');
  await user.type(screen.getByLabelText(/Message/), 'Bonjour, une question.');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: messages.NeedHelp.submit }));
}

describe('the shared form guard', () => {
  it('sends an empty honeypot and the time since the form appeared', async () => {
    const action = vi.fn(async (input: unknown): Promise<ActionResult<Submitted>> => (input ? { ok: true, reference: 'K7Q4-MZ2T' } : { ok: false, formError: '', fieldErrors: {} }));
    renderForm(action);
    await fillAndSend();
    expect(action).toHaveBeenCalledTimes(1);
    const input = action.mock.calls[0]![0] as Record<string, unknown>;
    expect(input.website).toBe('');
    expect(input.fillMs).toEqual(expect.any(Number));
    expect(input.fillMs as number).toBeGreaterThan(0);
  });

  it('shows the rate limit ("try again in N minutes") and keeps everything typed', async () => {
    const action = vi.fn(async (): Promise<ActionResult<Submitted>> => ({ ok: false, formError: rateLimited, fieldErrors: {}, retryable: true, retryAfterMinutes: 12 }));
    renderForm(action);
    await fillAndSend();
    expect(await screen.findByText(rateLimited)).toBeInTheDocument();
    expect(screen.getByLabelText(/Nom complet/)).toHaveValue('Jeanne Martin');
    expect(screen.getByLabelText(/Message/)).toHaveValue('Bonjour, une question.');
  });

  it('hides the honeypot from assistive technology and from the tab order', () => {
    renderForm(vi.fn());
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).not.toBeNull();
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
