import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import { appPagePath } from '../lib/routing/app-pages';
import { staticPagePath } from '../lib/routing/static-pages';
import { mailsTo } from './support-account';
import { waitForMail } from './support-mail';
import { perLocale } from './support';

/*
 * Every public form works with JavaScript off: it is server HTML whose action is its Server Action,
 * so the browser posts it and the answer is the page drawn again with the field errors in the
 * page's language, or the thank-you. Each stored submission sends its one acknowledgement.
 */

test.use({ javaScriptEnabled: false });

const messages = { en, fr } as const;
const support = 'support@cordee.example';
const tmb = { en: '/trip/tour-du-mont-blanc-guided-hut-trek', fr: '/fr/trip/tour-du-mont-blanc-accompagne-en-refuges' };
const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const uniqueName = (first: string) => `${first} ${Math.random().toString(36).slice(2, 8)}`;

/** One stored submission: its e-mail arrives, and only one (a form stored twice would send two). */
async function expectOneMail(page: Page, to: string, subjectIncludes?: string) {
  await waitForMail(page.request, { to, subjectIncludes });
  await page.waitForTimeout(1500);
  const mails = (await mailsTo(page.request, to)).filter((mail) => subjectIncludes === undefined || mail.subject.includes(subjectIncludes));
  expect(mails).toHaveLength(1);
}

for (const locale of ['en', 'fr'] as const) {
  const m = messages[locale];
  test.describe(`${locale}, without JavaScript`, perLocale(locale), () => {
    test('the need-help form answers its errors, then the thank-you', async ({ page }) => {
      const email = unique(`help-${locale}`);
      await page.goto(tmb[locale]);
      const form = page.getByTestId('need-help-form');
      // Without JavaScript the phone's country is typed (the list loads with the field's code): the locale's country first.
      await expect(form.getByLabel(m.Forms.labels.phoneCountryCode)).toHaveValue(/^[A-Z]{2}$/);
      await form.getByLabel(m.Forms.labels.email).fill('not-an-address');
      await form.getByRole('button', { name: m.NeedHelp.submit }).click();
      for (const key of ['fullNameRequired', 'emailInvalid', 'questionsRequired', 'termsRequired', 'checkData'] as const) {
        await expect(page.getByTestId('need-help-form').getByText(m.Forms.errors[key], { exact: true }).first()).toBeVisible();
      }
      // What was typed is drawn again.
      await expect(page.getByTestId('need-help-form').getByLabel(m.Forms.labels.email)).toHaveValue('not-an-address');
      const again = page.getByTestId('need-help-form');
      await again.getByLabel(m.Forms.labels.fullName).fill('Grace Hopper');
      await again.getByLabel(m.Forms.labels.email).fill(email);
      await again.getByLabel(m.Forms.labels.message).fill('Can I pay the deposit by bank transfer?');
      // A calling code typed as the country reads the number as written after it.
      await again.getByLabel(m.Forms.labels.phoneCountryCode).fill('+49');
      await again.getByLabel(m.Forms.labels.phone, { exact: true }).fill('030 12345678');
      await again.getByRole('checkbox').check();
      await again.getByRole('button', { name: m.NeedHelp.submit }).click();
      await expect(page.getByTestId('form-sent')).toContainText(m.NeedHelp.sentTitle);
      await expect(page.getByTestId('form-sent')).toContainText(email);
      await expectOneMail(page, email);
    });

    test('the contact form answers its errors, then the thank-you with its reference', async ({ page }) => {
      const email = unique(`contact-${locale}`);
      const name = uniqueName('Grace');
      await page.goto(staticPagePath('need-help', locale));
      await page.getByTestId('contact-form').getByRole('button', { name: m.ContactForm.submit }).click();
      const form = page.getByTestId('contact-form');
      for (const key of ['audienceRequired', 'fullNameRequired', 'emailInvalid', 'messageRequired', 'termsRequired', 'checkData'] as const) {
        await expect(form.getByText(m.Forms.errors[key], { exact: true }).first()).toBeVisible();
      }
      await form.getByLabel(m.ContactForm.audiences.agency_new).check();
      await form.getByLabel(m.Forms.labels.fullName).fill(name);
      await form.getByLabel(m.Forms.labels.email).fill(email);
      await form.getByLabel(m.Forms.labels.message).fill('We run ski touring trips in Lyngen and would like to list them on Cordée.');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: m.ContactForm.submit }).click();
      await expect(page.getByTestId('form-sent')).toContainText(m.ContactForm.sentTitle);
      await expect(page.getByTestId('form-sent')).toContainText(/[A-Z0-9]{4}-[A-Z0-9]{4}/);
      await expectOneMail(page, support, name);
      await expectOneMail(page, email);
    });

    test('the concierge request answers its errors, then the thank-you', async ({ page }) => {
      const email = unique(`concierge-${locale}`);
      const name = uniqueName('Lucia');
      await page.goto(appPagePath('concierge', locale));
      await page.getByTestId('concierge-form').getByRole('button', { name: m.Concierge.submit }).click();
      const form = page.getByTestId('concierge-form');
      await expect(form.getByText(m.Forms.errors.destinationRequired)).toBeVisible();
      await expect(form.getByText(m.Forms.errors.questionsRequired)).toBeVisible();
      await form.getByLabel(m.Concierge.destination).fill('Nepal, Annapurna');
      await form.getByLabel(m.Forms.labels.travellers).fill('4');
      await form.getByLabel(m.Concierge.message).fill('Two fit couples, first time above 4,000 m; we like tea houses.');
      await form.getByLabel(m.Forms.labels.fullName).fill(name);
      await form.getByLabel(m.Forms.labels.email).fill(email);
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: m.Concierge.submit }).click();
      await expect(page.getByTestId('form-sent')).toContainText(m.Concierge.sentTitle);
      await expectOneMail(page, support, name);
    });

    test('the sign-in form answers its error, then says to check the inbox', async ({ page }) => {
      const email = unique(`sign-in-${locale}`);
      await page.goto(`/account/sign-in?lan=${locale}`);
      await page.getByTestId('sign-in-form').getByLabel(m.Forms.labels.email).fill('nobody@');
      await page.getByTestId('sign-in-form').getByRole('button', { name: m.Account.signIn.submit }).click();
      await expect(page.getByTestId('sign-in-form').getByText(m.Forms.errors.emailInvalid)).toBeVisible();
      await page.getByTestId('sign-in-form').getByLabel(m.Forms.labels.email).fill(email);
      await page.getByTestId('sign-in-form').getByRole('button', { name: m.Account.signIn.submit }).click();
      await expect(page.getByTestId('form-sent')).toContainText(m.Account.signIn.sentTitle);
      await expectOneMail(page, email, m.Emails.signIn.subject);
    });
  });
}
