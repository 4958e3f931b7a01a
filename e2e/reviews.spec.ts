import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import fr from '../messages/fr.json';
import { collectErrors, expectNoHorizontalScroll, lookAt } from './support';
import { mailsTo, signIn, unique } from './support-account';
import { firstOpenDays, sendRequest } from './support-booking';

/**
 * A review from a trip, end to end, on the configured app (no Stripe: the guide arranges payment, so
 * the test clock only sends the review invitation; DeepL through the local fake): a French booking is
 * confirmed, the clock passes the trip's end, the invitation's link leads to the review form at
 * 375 px (with one photo), the review shows as verified on the trip and guide pages with its photo and
 * the guide's reply after it;
 * the reader-language filter and the translation. The first app, without a DeepL key, shows no
 * translate button and calls nothing.
 */
const configured = `http://127.0.0.1:${Number(process.env.E2E_CONFIGURED_PORT || Number(process.env.E2E_PORT || 3100) + 1)}`;
const fakes = `http://127.0.0.1:${Number(process.env.FAKES_PORT || 4319)}`;
const tripPath = '/fr/trip/ascension-du-toubkal';
const guidePath = '/fr/guide/atlas-treks';
const guideMailbox = 'atlas-treks@guides.cordee.example';
const dayAfter = (isoDay: string) => new Date(Date.parse(`${isoDay}T09:00:00Z`) + 86_400_000);

async function confirmedBooking(page: Page) {
  const m = fr;
  const email = unique('review-fr');
  const lastName = `Reviewer-${Date.now()}`;
  const tripId = await sendRequest(page, 'fr', `${configured}${tripPath}`, { email, lastName });
  const guide = await page.context().browser()!.newContext({ baseURL: configured });
  const guidePage = await guide.newPage();
  await guidePage.goto('/account/guide?lan=fr');
  await signIn(guidePage, guideMailbox, 'fr');
  const request = guidePage.getByTestId('request-thread').filter({ hasText: lastName });
  await request.getByText(m.Account.proposal.title).click();
  const proposal = request.getByTestId('proposal-form');
  const dates = await firstOpenDays(page, tripId, new Date(Date.now() + 40 * 86_400_000));
  await proposal.getByLabel(m.Account.proposal.start).fill(dates.start);
  await proposal.getByLabel(m.Account.proposal.end).fill(dates.end);
  await proposal.getByLabel(m.Account.proposal.total.replace(' ({currency})', ''), { exact: false }).fill('900');
  await proposal.getByRole('button', { name: m.Account.proposal.submit }).click();
  await expect(request.getByTestId('request-status')).toHaveText(m.Account.statuses.dates_proposed);

  await page.goto(`${configured}/account/bookings?lan=fr`);
  await signIn(page, email, 'fr');
  const mine = page.getByTestId('request-thread');
  await mine.getByTestId('accept-step').locator('summary').click();
  await mine.getByTestId('accept-proposal').getByRole('button').click();
  await expect(mine.getByTestId('request-status')).toHaveText(m.Account.statuses.accepted);
  await guidePage.reload();
  await request.getByTestId('confirm-booking').getByRole('button').click();
  await expect(request.getByTestId('request-status')).toHaveText(m.Account.statuses.confirmed);
  return { email, lastName, guide, guidePage, end: dates.end, reference: (await mine.getAttribute('data-reference'))! };
}

test.describe('reviews from trips', () => {
  test('fr at 375 px: the clock passes the end, the e-mail, the form, verified on both pages with the reply', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the French flow runs at 375 px');
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    const { email, lastName, guide, guidePage, end, reference } = await confirmedBooking(page);

    // The day of the trip's last day: nothing yet; the day after: the invitation, once.
    const clock = async (at: Date) => (await (await page.request.post(`${configured}/api/test/payments-clock`, { data: { at: at.toISOString(), reference } })).json()) as { invited: number };
    expect((await clock(new Date(`${end}T18:00:00Z`))).invited).toBe(0);
    expect((await clock(dayAfter(end))).invited).toBe(1);
    expect((await clock(dayAfter(end))).invited).toBe(0);
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await mailsTo(page.request, email)).find((received) => received.subject.startsWith(fr.Emails.ending.reviewSubject.split('{')[0]!));
        link = mail?.text.match(/https?:\/\/\S+\/account\/bookings\S*/)?.[0] ?? '';
        return link;
      }, { timeout: 15_000 })
      .not.toBe('');

    await page.goto(link);
    const form = page.getByTestId('review-form');
    await expect(form).toBeVisible();
    // A missing aspect is refused with its message; what was typed stays.
    const stars = (group: string, count: number) => form.getByTestId(group).locator('label').filter({ hasText: `${count} étoiles` }).click();
    await stars('review-rating', 5);
    await stars('review-guideRating', 5);
    await stars('review-organisationRating', 4);
    // Unique per run: the e2e database keeps earlier runs' reviews.
    const comment = `Un guide patient et des levers de soleil inoubliables sur le Toubkal (${lastName}).`;
    await form.getByLabel(fr.Account.review.comment).fill(comment);
    await form.getByRole('button', { name: fr.Account.review.submit }).click();
    await expect(form.getByText(fr.Forms.errors.reviewAspectRequired).first()).toBeVisible();
    await expect(form.getByLabel(fr.Account.review.comment)).toHaveValue(comment);
    await stars('review-valueRating', 4);
    await expectNoHorizontalScroll(page);
    await lookAt(page, 'review-form-fr-375', { fullPage: true });

    // The review goes with one photo (made here) and its alt text in a plain multipart form post:
    // sent without JavaScript, by the same signed-in traveller.
    const noScript = await page.context().browser()!.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: page.viewportSize(), baseURL: configured });
    const plain = await noScript.newPage();
    await plain.goto('/account/bookings?lan=fr');
    const plainForm = plain.getByTestId('review-form');
    for (const [group, count] of [['review-rating', 5], ['review-guideRating', 5], ['review-organisationRating', 4], ['review-valueRating', 4]] as const) {
      await plainForm.getByTestId(group).locator('label').filter({ hasText: `${count} étoiles` }).click();
    }
    await plainForm.getByLabel(fr.Account.review.comment).fill(comment);
    const photoAlt = `Le sommet du Toubkal au lever du jour (${lastName})`;
    await plainForm.getByTestId('review-photo-fields').locator('summary').click();
    await plainForm.getByTestId('review-photo-0').setInputFiles({ name: 'toubkal.jpg', mimeType: 'image/jpeg', buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b5793f' } }).jpeg().toBuffer() });
    await plainForm.getByTestId('review-photo-alt-0').fill(photoAlt);
    await plainForm.getByRole('button', { name: fr.Account.review.submit }).click();
    await expect(plain.getByTestId('my-review')).toContainText(comment);
    await expect(plain.getByTestId('my-review').getByRole('img', { name: photoAlt })).toBeVisible();
    await noScript.close();

    // The guide is told in French and answers once, in public, from the guide area.
    await expect.poll(async () => (await mailsTo(page.request, guideMailbox)).some((mail) => mail.subject.startsWith(fr.Emails.review.subject.split('{')[0]!)), { timeout: 15_000 }).toBe(true);
    await guidePage.goto('/account/guide?lan=fr');
    const pending = guidePage.getByTestId('guide-area-review').filter({ hasText: comment });
    const reply = 'Merci pour ce beau voyage, à bientôt dans l’Atlas !';
    await pending.getByLabel(fr.GuideReviewReplies.reply).fill(reply);
    await pending.getByRole('button', { name: fr.GuideReviewReplies.submit }).click();
    await expect(pending.getByTestId('guide-area-reply')).toContainText(reply);
    await expect(pending.getByTestId('review-reply-form')).toHaveCount(0);
    await guide.close();

    for (const path of [tripPath, guidePath]) {
      await page.goto(`${configured}${path}`);
      const review = page.locator('[data-testid="trip-review"], [data-testid="guide-review"]').filter({ hasText: comment });
      await expect(review.getByTestId('verified-review')).toHaveText(fr.TripPage.reviews.verified);
      await expect(review.getByTestId('review-aspects')).toContainText(/Guide\s*:\s*5 sur 5/);
      await expect(review.getByTestId('guide-reply')).toContainText(reply);
      await expect(review).toHaveAttribute('data-lang', 'fr');
      // The photo: a thumbnail with its alt text, loaded, linking to the larger image.
      const thumbnail = review.getByTestId('review-photos').getByRole('img', { name: photoAlt });
      await thumbnail.scrollIntoViewIfNeeded();
      await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
      await expect(thumbnail.locator('xpath=ancestor::a')).toHaveAttribute('href', /^\/media\/reviews\/[A-Za-z0-9_-]{22}\/640\.webp$/);
      await expectNoHorizontalScroll(page);
    }
    await lookAt(page, 'guide-page-fr-375', { fullPage: true });
    // The configured app turns Speed Insights on, whose script only Vercel serves.
    expect(errors.filter((error) => !error.includes('/_vercel/speed-insights/'))).toEqual([]);
  });

  test('the reader-language filter, and DeepL only with a key', async ({ page }) => {
    for (const base of [configured, '']) {
      await page.goto(`${base}/fr/trip/tour-du-mont-blanc-accompagne-en-refuges`);
      const filter = page.getByTestId('review-language-filter');
      await expect(filter).toBeVisible();
      const reviews = page.getByTestId('trip-review');
      const all = await reviews.count();
      const others = page.locator('[data-testid="trip-review"][data-other-language]');
      expect(await others.count()).toBeGreaterThan(0);
      await filter.getByRole('radio', { name: /Avis en français \(\d+\)/ }).check();
      await expect(others.first()).toBeHidden();
      await expect(page.locator('[data-testid="trip-review"][data-lang="fr"]').first()).toBeVisible();
      await filter.getByRole('radio', { name: fr.Reviews.allLanguages }).check();
      await expect(others.first()).toBeVisible();
      expect(await reviews.count()).toBe(all);
    }
    // The first app has no key: no translate button.
    await expect(page.getByRole('button', { name: 'Traduire en français' })).toHaveCount(0);

    await page.goto(`${configured}/fr/trip/tour-du-mont-blanc-accompagne-en-refuges`);
    const foreign = page.locator('[data-testid="trip-review"][data-other-language]').filter({ has: page.getByRole('button', { name: 'Traduire en français' }) }).first();
    const original = (await foreign.locator('p[lang]').first().textContent())!;
    await foreign.getByRole('button', { name: 'Traduire en français' }).click();
    const translated = page.getByTestId('review-translation').filter({ hasText: `[FR] ${original}` });
    await expect(translated).toBeVisible();
    const review = page.getByTestId('trip-review').filter({ has: translated });
    await expect(review).toContainText(fr.Reviews.translatedBy);
    await review.getByText(fr.Reviews.showOriginal).click();
    await expect(review.getByText(original, { exact: true })).toBeVisible();
    const calls = (await (await page.request.get(`${fakes}/__deepl`)).json()) as { key: string; target: string; texts: string[] }[];
    expect(calls.filter((call) => call.texts.includes(original))).toEqual([{ key: 'e2e-deepl-key:fx', target: 'fr', texts: [original] }]);
  });
});
