import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { expectNoHorizontalScroll, perLocale } from './support';
import { waitForMail } from './support-mail';

/*
 * The trip page's booking request and question to the guide work with JavaScript off: the drawer
 * and the dialog give way to the same forms drawn in the page (the same Server Actions), which the
 * booking card's links and the phones' booking bar lead to. The answer is the page drawn again with
 * the errors in its language, then the thank-you.
 */

test.use({ javaScriptEnabled: false });

const messages = { en, fr, es } as const;
const tmb = { en: '/trip/tour-du-mont-blanc-guided-hut-trek', fr: '/fr/trip/tour-du-mont-blanc-accompagne-en-refuges', es: '/es/trip/tour-del-mont-blanc-guiado-por-refugios' };
/** A field's label, which may end with a required mark: "Nom" and not "Nombre de voyageurs". */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u');
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Ten days inside the Tour du Mont Blanc's season (15 June – 15 September) of a coming summer, in a
 * month of their own per locale and a year of their own per viewport: the trip takes four
 * departures a month, and each run's requests stay clear of the others'.
 */
function summerDates(locale: keyof typeof messages, isMobile: boolean): { start: string; end: string } {
  const now = new Date();
  const month = { en: 7, fr: 8, es: 6 }[locale];
  // The first summer whose 15 June is still a month away, then the next one for phones.
  const year = now.getUTCFullYear() + (now.getUTCMonth() >= 4 ? 1 : 0) + (isMobile ? 1 : 0);
  const day = (date: number) => `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  return { start: day(20), end: day(29) };
}

for (const locale of ['en', 'fr', 'es'] as const) {
  const m = messages[locale];
  test.describe(`${locale}, without JavaScript`, perLocale(locale), () => {
    test('a trip is requested from the form in the page: its errors, then the thank-you', async ({ page, isMobile }) => {
      const email = unique(`nojs-booking-${locale}`);
      await page.goto(tmb[locale]);
      // The drawer's button would do nothing: it gives way to a link to the form.
      await expect(page.getByTestId('open-booking')).toBeHidden();
      if (isMobile) {
        const bar = page.getByTestId('booking-bar').getByRole('link', { name: m.BookingForm.open });
        await expect(bar).toHaveAttribute('href', '#request-to-book');
        await bar.click();
      } else {
        await page.getByTestId('booking-card').getByRole('link', { name: m.BookingForm.open }).click();
      }
      await expect(page).toHaveURL(/#request-to-book$/);
      const form = page.getByTestId('booking-page-form');
      await expect(form.getByLabel(label(m.BookingForm.firstDay))).toBeInViewport();
      // Before anything is sent: the lead time a free cancellation needs.
      await expect(form.getByTestId('cancellation-notice')).toContainText(m.BookingForm.terms.link);

      await form.getByRole('button', { name: m.BookingForm.submit }).click();
      const refused = page.getByTestId('booking-page-form');
      for (const key of ['dateRangeInvalid', 'firstNameRequired', 'lastNameRequired', 'emailInvalid', 'phoneInvalid', 'questionsRequired', 'termsRequired', 'checkData'] as const) {
        await expect(refused.getByText(m.Forms.errors[key]).first()).toBeVisible();
      }
      await expectNoHorizontalScroll(page);

      const { start, end } = summerDates(locale, isMobile);
      await refused.getByLabel(label(m.BookingForm.firstDay)).fill(start);
      await refused.getByLabel(label(m.BookingForm.lastDay)).fill(end);
      await refused.getByLabel(label(m.Forms.labels.travellers)).fill('2');
      await refused.getByLabel(label(m.Forms.labels.firstName)).fill('Ada');
      await refused.getByLabel(label(m.Forms.labels.lastName)).fill('Lovelace');
      await refused.getByLabel(label(m.Forms.labels.email)).fill(email);
      await refused.getByRole('textbox', { name: m.Forms.labels.phone }).fill('+44 20 7946 0958');
      await refused.getByLabel(label(m.Forms.labels.comment)).fill('Two of us, fit walkers, happy in huts and keen on the Fenêtre d’Arpette variant.');
      await refused.getByRole('checkbox').check();
      await refused.getByRole('button', { name: m.BookingForm.submit }).click();

      const sent = page.getByTestId('form-sent');
      await expect(sent).toContainText(m.BookingForm.sentTitle);
      await expect(sent).toContainText(email);
      await expect(sent).toContainText(/[A-Z0-9]{4}-[A-Z0-9]{4}/);
      await waitForMail(page.request, { to: email });
    });

    test('the guide is asked from the form in the page: its errors, then the thank-you', async ({ page }) => {
      const email = unique(`nojs-question-${locale}`);
      await page.goto(tmb[locale]);
      await expect(page.getByTestId('ask-guide')).toBeHidden();
      const link = page.getByTestId('booking-card').getByRole('link', { name: /./ }).filter({ hasText: m.GuideQuestion.open.split('{guide}')[0]! });
      await expect(link).toHaveAttribute('href', '#ask-the-guide');
      await link.click();
      const form = page.getByTestId('guide-question-page-form');
      await expect(form.getByLabel(label(m.Forms.labels.firstName))).toBeInViewport();

      await form.getByRole('button', { name: m.GuideQuestion.submit }).click();
      const refused = page.getByTestId('guide-question-page-form');
      for (const key of ['firstNameRequired', 'lastNameRequired', 'emailInvalid', 'questionsRequired', 'termsRequired', 'checkData'] as const) {
        await expect(refused.getByText(m.Forms.errors[key]).first()).toBeVisible();
      }
      await refused.getByLabel(label(m.Forms.labels.firstName)).fill('Grace');
      await refused.getByLabel(label(m.Forms.labels.lastName)).fill('Hopper');
      await refused.getByLabel(label(m.Forms.labels.email)).fill(email);
      await refused.getByLabel(label(m.Forms.labels.questions)).fill('Can we do the trek in nine days, skipping the Italian side?');
      await refused.getByRole('checkbox').check();
      await refused.getByRole('button', { name: m.GuideQuestion.submit }).click();

      const sent = page.getByTestId('form-sent');
      await expect(sent).toContainText(m.GuideQuestion.sentTitle);
      await expect(sent).toContainText(email);
      await waitForMail(page.request, { to: email });
    });
  });
}
