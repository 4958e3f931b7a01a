// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NeedHelpForm } from '@/components/forms/need-help-form';
import type { FormAction, FormState, Submitted } from '@/lib/forms/errors';
import { pageFormMessages } from '@/lib/forms/form-state';
import { phoneCountryOptions } from '@/lib/forms/phone-countries';
import { readFormDraft, writeFormDraft } from '@/lib/storage';
import messages from '@/messages/fr.json';

beforeEach(() => {
  window.sessionStorage.clear();
  // The phone field's country list (app/api/phone-countries), the schemas' error texts
  // (app/api/form-errors), then the visitor's country.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => Response.json(url === '/api/phone-countries/fr' ? phoneCountryOptions('fr') : url === '/api/form-errors/fr' ? messages.Forms.errors : { countryCode: 'CH' })),
  );
});
afterEach(cleanup);

type State = FormState<{ ok: true } & Submitted>;
const rateLimited = 'Trop de messages ont été envoyés depuis cette connexion. Veuillez réessayer dans 12 minutes.';

/** The messages a page sends with a form (components/forms/form-messages.tsx): the schemas' error texts load with the schema. */
const pageMessages = { ...messages, Forms: pageFormMessages(messages.Forms) };

function renderForm(action: FormAction<{ ok: true } & Submitted>) {
  return render(
    <NextIntlClientProvider locale="fr" messages={pageMessages} timeZone="Europe/Paris">
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

/** What the action answers: the text it was sent, and `answer` over it. */
const answering = (answer: (values: Record<string, string>) => Partial<State>) =>
  vi.fn(async (_state: State, formData: FormData): Promise<State> => {
    const values = Object.fromEntries([...formData.entries()].filter(([name]) => name !== 'website' && name !== 'fillMs')) as Record<string, string>;
    return { status: 'refused', formError: null, fieldErrors: {}, values, result: null, ...answer(values) };
  });

describe('a server-drawn form once its code has loaded', () => {
  it('sends its fields as FormData with the locale, a key drawn in the browser, an empty honeypot and the fill time', async () => {
    const action = answering(() => ({ status: 'sent', result: { ok: true, reference: 'K7Q4-MZ2T' } }));
    renderForm(action);
    await fillAndSend();
    expect(action).toHaveBeenCalledTimes(1);
    const sent = action.mock.calls[0]![1];
    expect(sent).toBeInstanceOf(FormData);
    expect(Object.fromEntries(sent.entries())).toMatchObject({ locale: 'fr', name: 'Jeanne Martin', email: 'jeanne@example.com', 'phone.country': expect.any(String), acceptTerms: 'on', pageUrl: '/fr/trip/x', website: '' });
    expect(sent.get('idempotencyKey')).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(Number(sent.get('fillMs'))).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: messages.NeedHelp.sentTitle })).toHaveFocus();
  });

  it('shows the rate limit ("try again in N minutes") and the field errors in place, and keeps everything typed', async () => {
    const action = answering(() => ({ formError: rateLimited, fieldErrors: { email: messages.Forms.errors.emailInvalid }, retryable: true, retryAfterMinutes: 12 }));
    renderForm(action);
    await fillAndSend();
    expect(await screen.findByText(rateLimited)).toBeInTheDocument();
    expect(screen.getByText(messages.Forms.errors.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(/Nom complet/)).toHaveValue('Jeanne Martin');
    expect(screen.getByLabelText(/Message/)).toHaveValue('Bonjour, une question.');
    expect(screen.getByRole('checkbox')).toBeChecked();
    // Sent again, with the same key: a retry stores one message.
    await userEvent.setup().click(screen.getByRole('button', { name: messages.NeedHelp.submit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(2));
    expect(action.mock.calls[1]![1].get('idempotencyKey')).toBe(action.mock.calls[0]![1].get('idempotencyKey'));
  });

  it('once refused, follows the corrections with the schema, its errors in the page language loaded with it', async () => {
    const action = answering(() => ({ formError: messages.Forms.errors.checkData }));
    renderForm(action);
    await fillAndSend();
    expect(await screen.findByText(messages.Forms.errors.checkData)).toBeInTheDocument();
    await userEvent.setup().clear(screen.getByLabelText(/Nom complet/));
    // Not among the page's messages: from app/api/form-errors (loaded once per page, by an earlier test or this one).
    expect(pageMessages.Forms.errors).not.toHaveProperty('fullNameRequired');
    expect(await screen.findByText(messages.Forms.errors.fullNameRequired)).toBeInTheDocument();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('gives back the draft kept for the page, keeps what is typed as the draft, and forgets it once sent', async () => {
    writeFormDraft('needHelp', window.location.pathname, { name: 'Jeanne Martin', message: 'Gardé' });
    const action = answering(() => ({ status: 'sent', result: { ok: true, reference: 'K7Q4-MZ2T' } }));
    renderForm(action);
    expect(screen.getByLabelText(/Nom complet/)).toHaveValue('Jeanne Martin');
    expect(screen.getByLabelText(/Message/)).toHaveValue('Gardé');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-mail/), 'jeanne@example.com');
    expect(readFormDraft('needHelp', window.location.pathname)).toMatchObject({ name: 'Jeanne Martin', email: 'jeanne@example.com', message: 'Gardé' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: messages.NeedHelp.submit }));
    await screen.findByRole('heading', { name: messages.NeedHelp.sentTitle });
    expect(readFormDraft('needHelp', window.location.pathname)).toEqual({});
  });

  it('hides the honeypot from assistive technology and from the tab order', () => {
    renderForm(vi.fn());
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).not.toBeNull();
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
