// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactFormProps } from '@/components/forms/contact-form-fields';
import type { ActionResult, Submitted } from '@/lib/forms/errors';
import messages from '@/messages/fr.json';
import { heldDownload } from '../../support/held-download';

// The form's code (react-hook-form, the fields) arrives only when the test lets it.
const download = heldDownload();
// Each test is a new page: the form's code has not arrived yet.
beforeEach(() => {
  vi.resetModules();
  download.hold(['@/components/forms/contact-form', '@/components/account/sign-in-form']);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ countryCode: 'CH' }), { headers: { 'content-type': 'application/json' } })));
});
afterEach(cleanup);

/** The need-help page's contact form as the page renders it: the server's fields in the island. */
async function renderPage(action: ContactFormProps['action']) {
  const [{ ContactFields, contactDefaults }, { DeferredForm }, { staticFieldKit }] = await Promise.all([
    import('@/components/forms/contact-form-fields'),
    import('@/components/forms/deferred-form'),
    import('@/components/forms/static-field-kit'),
  ]);
  const props: ContactFormProps = { defaultCountry: 'FR', termsHref: '/fr/cgu', privacyHref: '/fr/confidentialite', action };
  return render(
    <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
      <DeferredForm form="contact" props={props} testId="contact-form">
        <ContactFields kit={staticFieldKit(contactDefaults(props.defaultCountry))} termsHref={props.termsHref} privacyHref={props.privacyHref} state="idle" formError={null} />
      </DeferredForm>
    </NextIntlClientProvider>,
  );
}

/** Whether the interactive form has taken the server HTML's place (it says whether it is sending). */
const isInteractive = () => screen.getByTestId('contact-form').hasAttribute('aria-busy');

describe("a request form whose code arrives after the visitor started", () => {
  it('keeps what was typed before the code arrived and sends it when the visitor asked before', async () => {
    const action = vi.fn(async (): Promise<ActionResult<Submitted>> => ({ ok: true, reference: 'K7Q4-MZ2T' }));
    await renderPage(action);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(messages.ContactForm.audiences.guide_new));
    await user.type(screen.getByLabelText(/Nom complet/), 'Jeanne Martin');
    await user.type(screen.getByLabelText(/^E-mail/), 'jeanne@example.com');
    await user.selectOptions(screen.getByLabelText(messages.Forms.labels.phoneCountry), 'ES');
    await user.type(screen.getByRole('textbox', { name: messages.Forms.labels.phone }), '612 345 678');
    await user.click(screen.getByRole('checkbox'));
    await user.type(screen.getByLabelText(/^Message/), 'Bonjour, je suis guide à Chamonix.');
    await user.click(screen.getByRole('button', { name: messages.ContactForm.submit }));
    expect(action).not.toHaveBeenCalled();
    expect(isInteractive()).toBe(false);

    download.release();
    // The form's code, then its schema, download: give them time on a busy machine.
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(action.mock.calls[0]).toEqual([
      expect.objectContaining({
        audience: 'guide_new',
        name: 'Jeanne Martin',
        email: 'jeanne@example.com',
        // The country picked before the code arrived stays, whatever the visitor's country is.
        phone: { country: 'ES', number: '612 345 678' },
        message: 'Bonjour, je suis guide à Chamonix.',
        acceptTerms: true,
        locale: 'fr',
        website: '',
      }),
    ]);
    expect(await screen.findByTestId('form-sent')).toHaveTextContent(messages.ContactForm.sentTitle);
    // The thank-you takes the focus: it is read out, and the focus does not fall to the page's start.
    expect(screen.getByRole('heading', { name: messages.ContactForm.sentTitle })).toHaveFocus();
  });

  it('puts back a draft kept for the page before any code arrives, and sends it', async () => {
    const { writeFormDraft, readFormDraft } = await import('@/lib/storage');
    writeFormDraft('contact', window.location.pathname, { name: 'Jeanne Martin', message: 'Bonjour, je reviens.' });
    const action = vi.fn(async (): Promise<ActionResult<Submitted>> => ({ ok: true, reference: 'K7Q4-MZ2T' }));
    await renderPage(action);
    expect(screen.getByLabelText(/Nom complet/)).toHaveValue('Jeanne Martin');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Bonjour, je reviens.');
    expect(isInteractive()).toBe(false);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(messages.ContactForm.audiences.customer));
    await user.type(screen.getByLabelText(/^E-mail/), 'jeanne@example.com');
    await user.click(screen.getByRole('checkbox'));
    download.release();
    await vi.waitFor(() => expect(isInteractive()).toBe(true), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: messages.ContactForm.submit }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(action.mock.calls[0]).toEqual([expect.objectContaining({ name: 'Jeanne Martin', message: 'Bonjour, je reviens.', email: 'jeanne@example.com' })]);
    await screen.findByTestId('form-sent');
    // The contact form keeps no draft of its own: what the page kept is left as it was.
    expect(readFormDraft('contact', window.location.pathname)).toEqual({ name: 'Jeanne Martin', message: 'Bonjour, je reviens.' });
    sessionStorage.clear();
  });

  it('keeps the focus and the caret where the visitor was typing, and every later keystroke', async () => {
    await renderPage(vi.fn());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Nom complet/), 'Jeanne');
    expect(isInteractive()).toBe(false);
    download.release();
    await vi.waitFor(() => expect(isInteractive()).toBe(true), { timeout: 5000 });
    const name = screen.getByLabelText(/Nom complet/);
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Jeanne');
    await user.keyboard(' Martin');
    expect(name).toHaveValue('Jeanne Martin');
  });

  it('checks a form sent before its code arrived with the shared schema, in the page language, and sends nothing', async () => {
    const action = vi.fn();
    await renderPage(action);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-mail/), 'pas-un-e-mail');
    await user.click(screen.getByRole('button', { name: messages.ContactForm.submit }));
    expect(isInteractive()).toBe(false);
    download.release();
    expect(await screen.findByText(messages.Forms.errors.checkData, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(messages.Forms.errors.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.Forms.errors.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('pas-un-e-mail');
    expect(action).not.toHaveBeenCalled();
  });

  it('waits until a list the visitor opened is used before taking its place, and keeps the choice', async () => {
    await renderPage(vi.fn());
    const user = userEvent.setup();
    const country = screen.getByLabelText(messages.Forms.labels.phoneCountry);
    await user.click(country);
    download.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isInteractive()).toBe(false);
    await user.selectOptions(country, 'IT');
    await vi.waitFor(() => expect(isInteractive()).toBe(true), { timeout: 5000 });
    expect(screen.getByLabelText(messages.Forms.labels.phoneCountry)).toHaveValue('IT');
    expect(screen.getByLabelText(messages.Forms.labels.phoneCountry)).toHaveFocus();
  });

  it('waits until a press on the send button is released, so that its click still sends', async () => {
    const action = vi.fn();
    await renderPage(action);
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: messages.ContactForm.submit });
    await user.pointer({ keys: '[MouseLeft>]', target: send });
    download.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isInteractive()).toBe(false);
    await user.pointer({ keys: '[/MouseLeft]', target: send });
    expect(await screen.findByText(messages.Forms.errors.checkData, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(messages.Forms.errors.audienceRequired)).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });
});

describe('the sign-in form of an account page (react-hook-form only once used)', () => {
  it('sends the address typed before its code arrived, for the page to come back to', async () => {
    const action = vi.fn(async (): Promise<ActionResult<{ email: string }>> => ({ ok: true, email: 'ines@example.com' }));
    const [{ SignInFields }, { DeferredForm }, { staticFieldKit }] = await Promise.all([
      import('@/components/account/sign-in-fields'),
      import('@/components/forms/deferred-form'),
      import('@/components/forms/static-field-kit'),
    ]);
    render(
      <NextIntlClientProvider locale="fr" messages={messages} timeZone="Europe/Paris">
        <DeferredForm form="signIn" props={{ next: '/account/bookings?lan=fr', intro: 'Intro', minutes: 15, action }} testId="sign-in-form">
          <SignInFields kit={staticFieldKit({ email: '' })} intro="Intro" state="idle" formError={null} />
        </DeferredForm>
      </NextIntlClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-mail/), 'ines@example.com');
    await user.click(screen.getByRole('button', { name: messages.Account.signIn.submit }));
    expect(action).not.toHaveBeenCalled();
    download.release();
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(action.mock.calls[0]).toEqual([expect.objectContaining({ email: 'ines@example.com', next: '/account/bookings?lan=fr' })]);
    expect(await screen.findByTestId('form-sent')).toHaveTextContent(messages.Account.signIn.sentTitle);
  });
});
