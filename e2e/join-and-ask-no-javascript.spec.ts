import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { expectNoHorizontalScroll, lookAt } from './support';

/*
 * Joining an open group and asking a guide a question work with JavaScript off: the dialogs give
 * way to the same forms drawn in the page (the same Server Actions); the answer is the page drawn
 * again with the errors in its language, then the thank-you. English on desktop, French and
 * Spanish at 375 px.
 */

test.use({ javaScriptEnabled: false });

const messages = { en, fr, es } as const;
type Locale = keyof typeof messages;
const runs: Array<{ locale: Locale; mobile: boolean }> = [
  { locale: 'en', mobile: false },
  { locale: 'fr', mobile: true },
  { locale: 'es', mobile: true },
];
const openGroups = { en: '/open-groups', fr: '/fr/open-groups', es: '/es/open-groups' };
const guidePage = { en: '/mountain-guide/himalayan-trails', fr: '/fr/guide/himalayan-trails', es: '/es/guide/himalayan-trails' };
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u');
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

for (const run of runs) {
  const m = messages[run.locale];
  test.describe(`${run.locale}${run.mobile ? ' at 375 px' : ''}, without JavaScript`, () => {
    test.beforeEach(({ isMobile }) => {
      test.skip(isMobile !== run.mobile, run.mobile ? 'runs at 375 px' : 'runs on desktop');
    });

    test('an open group is joined from the form in the page: its errors, then the thank-you', async ({ page }) => {
      await page.goto(openGroups[run.locale]);
      // The departure with the most open spots: other tests join groups at the same time, and a group
      // filled between the two posts would rightly answer with its waiting list instead.
      const departures = page.locator('[data-testid="open-group-departure"]');
      const spots = await departures.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-open-spots'))));
      const departure = departures.nth(spots.indexOf(Math.max(...spots)));
      // The dialog's button would do nothing: it gives way to the form's own step.
      await expect(departure.getByTestId('join-group')).toBeHidden();
      await departure.getByTestId('join-page').locator('summary').click();
      const form = departure.getByTestId('join-page-form');
      await form.getByRole('button', { name: m.OpenGroupJoin.join }).click();

      // The page drawn again: the departure's step open, with the errors of what was sent.
      const refused = page.locator('[data-testid="join-page"][open]').getByTestId('join-page-form');
      await expect(refused).toHaveCount(1);
      // spec §5 'Fill email' when missing.
      await expect(refused.getByText(m.Forms.errors.fillEmail).first()).toBeVisible();
      await expect(refused.getByText(m.Forms.errors.termsRequired).first()).toBeVisible();
      const email = unique(`nojs-join-${run.locale}`);
      await refused.getByLabel(label(m.Forms.labels.email)).fill(email);
      await refused.getByLabel(label(m.Forms.labels.travellers)).fill('1');
      await refused.getByRole('checkbox').check();
      await refused.getByRole('button', { name: m.OpenGroupJoin.join }).click();

      const sent = page.getByTestId('form-sent');
      await expect(sent).toBeVisible();
      await expect(sent).toContainText(email);
      if (run.mobile) await expectNoHorizontalScroll(page);
      await lookAt(page, `nojs-join-${run.locale}`);
    });

    test('a guide is asked a question from the form in their page: its errors, then the thank-you', async ({ page }) => {
      await page.goto(guidePage[run.locale]);
      const form = page.getByTestId('guide-question-page-form');
      await expect(form).toBeVisible();
      await form.getByRole('button', { name: m.GuideQuestion.submit }).click();

      const refused = page.getByTestId('guide-question-page-form');
      for (const key of ['firstNameRequired', 'emailInvalid', 'questionsRequired', 'termsRequired'] as const) {
        await expect(refused.getByText(m.Forms.errors[key]).first()).toBeVisible();
      }
      const email = unique(`nojs-ask-${run.locale}`);
      await refused.getByLabel(label(m.Forms.labels.firstName)).fill('Ada');
      await refused.getByLabel(label(m.Forms.labels.lastName)).fill('Lovelace');
      await refused.getByLabel(label(m.Forms.labels.email)).fill(email);
      await refused.getByLabel(label(m.Forms.labels.questions)).fill('Which months are best for the Langtang valley with two teenagers?');
      await refused.getByRole('checkbox').check();
      await refused.getByRole('button', { name: m.GuideQuestion.submit }).click();

      const sent = page.getByTestId('form-sent');
      await expect(sent).toContainText(m.GuideQuestion.sentTitle);
      await expect(sent).toContainText(email);
      if (run.mobile) await expectNoHorizontalScroll(page);
    });
  });
}
