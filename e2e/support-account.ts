import { expect, type APIRequestContext, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import type { ReceivedMail } from './support-mail';

const messages = { en, fr, es } as const;
const fakes = `http://127.0.0.1:${Number(process.env.FAKES_PORT || 4319)}`;

/** An address no other test uses. */
export const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Every e-mail the fake SMTP server received for `address`, oldest first. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<ReceivedMail[]> {
  return (await (await request.get(`${fakes}/smtp/messages`, { params: { to: address } })).json()) as ReceivedMail[];
}

/** The sign-in link of the newest sign-in e-mail to `address` that came after `before` of them. */
export async function signInLinkFor(request: APIRequestContext, address: string, before: number, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await mailsTo(request, address)).filter((mail) => mail.subject === subject);
      if (mails.length <= before) return null;
      link = mails.at(-1)!.text.match(/https?:\/\/\S+token=[a-z2-7]{32}/)?.[0];
      return link ?? null;
    }, { timeout: 15_000 })
    .not.toBeNull();
  return link!;
}

/** Asks for a link on an account page's sign-in form, opens it and confirms: signed in. */
export async function signIn(page: Page, email: string, locale: keyof typeof messages = 'en') {
  const m = messages[locale];
  const before = (await mailsTo(page.request, email)).filter((mail) => mail.subject === m.Emails.signIn.subject).length;
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel(m.Forms.labels.email).fill(email);
  await form.getByRole('button', { name: m.Account.signIn.submit }).click();
  await expect(page.getByTestId('form-sent')).toContainText(m.Account.signIn.sentTitle);
  const link = await signInLinkFor(page.request, email, before, m.Emails.signIn.subject);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByTestId('confirm-sign-in').click();
  await expect(page).not.toHaveURL(/token=/);
  return link;
}

/**
 * Support signs in with the one support mailbox; another project may be signing in with it at
 * the same moment and spend the newest link first: then a new link is asked for.
 */
export async function signInAsSupport(page: Page, locale: keyof typeof messages = 'en') {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.goto(`/account/support?lan=${locale}`);
    await signIn(page, 'support@cordee.example', locale);
    if (!/error=/.test(page.url())) return;
  }
  throw new Error('support could not sign in');
}

/** An account page names requests by their opaque references: no form field, prop or data attribute of its HTML (the React payload inside included) carries a row id. */
export async function expectNoRowIds(page: Page) {
  expect(await page.content()).not.toMatch(/\b(requestId|threadId|bookingRequestId)\b|data-id=/);
}

/** A request card's HTML holds its row id in no value or data attribute. */
export function expectRowIdHidden(cardHtml: string, rowId: number) {
  expect(cardHtml, `row id ${rowId}`).not.toMatch(new RegExp(`\\b(value|data-[\\w-]+)="${rowId}"`));
}
