import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { appPagePath } from '../lib/routing/app-pages';
import { staticPagePath } from '../lib/routing/static-pages';
import { collectErrors, expectAccessible, expectNoHorizontalScroll, expectThankYouInView, locales, perLocale, submitTwice } from './support';
import { waitForMail } from './support-mail';

const messages = { en, fr, es } as const;
const support = 'support@cordee.example';
const fakes = `http://127.0.0.1:${Number(process.env.FAKES_PORT || 4319)}`;
const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const uniqueName = (first: string) => `${first} ${Math.random().toString(36).slice(2, 8)}`;

/** Prices and gift card amounts in euros whatever the machine's address says. */
async function inEuros(page: Page, baseURL: string | undefined, currency = 'EUR') {
  await page.context().addCookies([{ name: 'currency', value: currency, url: baseURL! }]);
}

for (const locale of locales) {
  const m = messages[locale];
  test(`${locale}: the need-help contact form asks for everything in its language`, perLocale(locale), async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(staticPagePath('need-help', locale));
    const form = page.getByTestId('contact-form');
    await expect(page.getByRole('heading', { name: m.ContactForm.title })).toBeVisible();
    await form.getByRole('button', { name: m.ContactForm.submit }).click();
    for (const key of ['audienceRequired', 'fullNameRequired', 'emailInvalid', 'messageRequired', 'termsRequired', 'checkData'] as const) {
      await expect(form.getByText(m.Forms.errors[key], { exact: true }).first()).toBeVisible();
    }
    // Errors follow the fields as they are corrected.
    await form.getByLabel(m.ContactForm.audiences.customer).check();
    await expect(form.getByText(m.Forms.errors.audienceRequired)).toHaveCount(0);
    await form.getByLabel(m.Forms.labels.message).fill('Hello?');
    await expect(form.getByText(m.Forms.errors.commentTooShort.replace('{min, number}', '20'))).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
}

test('a contact message reaches support with its audience, and the sender gets a copy', async ({ page }) => {
  const errors = collectErrors(page);
  const email = unique('contact');
  const name = uniqueName('Grace');
  await page.goto(staticPagePath('need-help', 'en'));
  const form = page.getByTestId('contact-form');
  await form.getByLabel(en.ContactForm.audiences.agency_new).check();
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: 'Phone number' }).fill('020 7946 0958');
  await form.getByLabel('Message').fill('We run ski touring trips in Lyngen and would like to list them on Cordée.');
  await form.getByRole('checkbox').check();
  // A double click (or a retry) stores one message.
  await submitTwice(form.getByRole('button', { name: en.ContactForm.submit }));
  await expectThankYouInView(page, en.ContactForm.sentTitle);
  await expect(page.getByTestId('form-sent')).toContainText(email);

  const toSupport = await waitForMail(page.request, { to: support, subjectIncludes: name });
  expect(toSupport.subject).toBe(`Contact form (${en.Emails.contact.audiences.agency_new}): message from ${name}`);
  expect(toSupport.replyTo).toContain(email);
  expect(toSupport.text).toContain('Lyngen');
  expect(toSupport.text).toContain('+442079460958');
  const copy = await waitForMail(page.request, { to: email });
  expect(copy.subject).toBe(en.Emails.contact.senderSubject);
  await page.waitForTimeout(1500);
  expect(await page.request.get(`${fakes}/smtp/messages`, { params: { to: email } }).then((response) => response.json())).toHaveLength(1);
  await page.getByRole('button', { name: en.ContactForm.another }).click();
  await expect(form.getByLabel('Full name')).toHaveValue('');
  expect(errors).toEqual([]);
});

test('a form sent before its code has loaded is posted as it is and answered with the thank-you', async ({ page }) => {
  const errors = collectErrors(page);
  const email = unique('early');
  const name = uniqueName('Ada');
  // The page's scripts (not its styles) wait: the form is the server's HTML alone, its action the Server Action.
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route(/\/_next\/static\/chunks\/.*\.js(\?|$)/, (route) => (holding ? void held.push(() => route.continue()) : route.continue()));
  await page.goto(staticPagePath('need-help', 'en'), { waitUntil: 'commit' });
  const form = page.getByTestId('contact-form');
  await expect(form.getByRole('button', { name: en.ContactForm.submit })).toBeVisible();
  await form.getByLabel(en.ContactForm.audiences.visitor).check();
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Which of your guides leads ski tours in Lyngen in April?');
  await form.getByRole('checkbox').check();
  expect(held.length).toBeGreaterThan(0);
  await form.getByRole('button', { name: en.ContactForm.submit }).click();
  // The browser posts the form itself; the answer is the page drawn again with the thank-you.
  await expect(page.getByTestId('form-sent')).toContainText(email);
  holding = false;
  await Promise.all(held.map((go) => go()));
  const toSupport = await waitForMail(page.request, { to: support, subjectIncludes: name });
  expect(toSupport.subject).toBe(`Contact form (${en.Emails.contact.audiences.visitor}): message from ${name}`);
  expect(toSupport.text).toContain('Lyngen in April');
  expect(errors).toEqual([]);
});

test('fr: a gift card in euros, with another amount checked against its bounds', async ({ page, baseURL }) => {
  const errors = collectErrors(page);
  await inEuros(page, baseURL);
  const email = unique('carte-cadeau');
  const name = uniqueName('Jeanne');
  await page.goto(appPagePath('gift-cards', 'fr'));
  await expect(page.getByRole('heading', { level: 1, name: fr.GiftCards.heading })).toBeVisible();
  const amounts = page.getByTestId('gift-card-amounts');
  const euros = new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  for (const amount of [100, 250, 500, 1000]) await expect(amounts.getByText(euros.format(amount), { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  const form = page.getByTestId('gift-card-form');
  await amounts.getByLabel(fr.GiftCards.customChoice).check();
  const custom = form.getByLabel('Montant en €');
  await custom.fill('20');
  await form.getByRole('button', { name: fr.GiftCards.submit }).click();
  await expect(form.getByText(fr.Forms.errors.giftCardAmountInvalid)).toBeVisible();
  await custom.fill('350');
  await form.getByLabel('Nom complet').fill(name);
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await form.getByLabel(fr.GiftCards.recipientName).fill('Marta');
  await form.getByLabel(fr.GiftCards.message).fill('Joyeux anniversaire, à bientôt au sommet !');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: fr.GiftCards.submit }).click();
  await expectThankYouInView(page, fr.GiftCards.sentTitle);
  await expect(page.getByTestId('form-sent')).toContainText('350');

  const toBuyer = await waitForMail(page.request, { to: email });
  expect(toBuyer.subject).toMatch(/^Votre demande de carte cadeau\s:\s350\s€$/);
  expect(toBuyer.text).toContain('24 heures');
  expect(toBuyer.text).toContain('Marta');
  const toSupport = await waitForMail(page.request, { to: support, subjectIncludes: name });
  expect(toSupport.subject).toBe(`Gift card request: €350 from ${name}`);
  expect(toSupport.text).toContain('€350 (EUR)');
  expect(errors).toEqual([]);
});

test('a gift card amount counts only in the currency the visitor is shown now', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one currency switch per run is enough');
  await inEuros(page, baseURL);
  const name = uniqueName('Ada');
  await page.goto(appPagePath('gift-cards', 'en'));
  const form = page.getByTestId('gift-card-form');
  await form.getByLabel('Full name').fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(unique('gift'));
  await form.getByRole('checkbox').check();
  // The visitor picks pounds in another tab: the euro amount of this page is refused, nothing typed is lost.
  await inEuros(page, baseURL, 'GBP');
  await form.getByRole('button', { name: en.GiftCards.submit }).click();
  await expect(form.getByText(en.Forms.errors.giftCardCurrencyChanged)).toBeVisible();
  await expect(page.getByTestId('gift-card-amounts').getByText('£200', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue(name);
  await form.getByRole('button', { name: en.GiftCards.submit }).click();
  await expect(page.getByTestId('form-sent')).toContainText('£200');
  const toSupport = await waitForMail(page.request, { to: support, subjectIncludes: name });
  expect(toSupport.subject).toBe(`Gift card request: £200 from ${name}`);
});

test('es: a concierge request is stored and both e-mails arrive', async ({ page }) => {
  const errors = collectErrors(page);
  const email = unique('conserjeria');
  const name = uniqueName('Lucía');
  await page.goto(appPagePath('concierge', 'es'));
  await expect(page.getByRole('heading', { level: 1, name: es.Concierge.heading })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  const form = page.getByTestId('concierge-form');
  await form.getByRole('button', { name: es.Concierge.submit }).click();
  await expect(form.getByText(es.Forms.errors.destinationRequired)).toBeVisible();
  await expect(form.getByText(es.Forms.errors.questionsRequired)).toBeVisible();

  await form.getByLabel(es.Concierge.destination).fill('Nepal, Annapurna');
  await form.getByLabel(es.Concierge.activity).selectOption('trekking');
  const month = form.getByLabel(es.Concierge.month);
  const firstMonth = await month.locator('option').nth(2).getAttribute('value');
  await month.selectOption(firstMonth!);
  await form.getByLabel('Número de viajeros').fill('4');
  await form.getByLabel(es.Concierge.budget).fill('2.500 € por persona');
  await form.getByLabel(es.Concierge.message).fill('Dos parejas en forma, primera vez por encima de 4.000 m; nos gustan las casas de té.');
  await form.getByLabel('Nombre completo').fill(name);
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: es.Concierge.submit }).click();
  await expect(page.getByTestId('form-sent')).toContainText(es.Concierge.sentTitle);

  const toRequester = await waitForMail(page.request, { to: email });
  expect(toRequester.subject).toBe('Tu solicitud de viaje a medida: Nepal, Annapurna');
  expect(toRequester.text).toContain('4 viajeros');
  const toSupport = await waitForMail(page.request, { to: support, subjectIncludes: name });
  expect(toSupport.subject).toBe(`Concierge request: Nepal, Annapurna, from ${name}`);
  expect(toSupport.text).toContain('Trekking');
  expect(toSupport.replyTo).toContain(email);
  expect(errors).toEqual([]);
});
