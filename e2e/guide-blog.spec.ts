import { expect, test, type Page } from '@playwright/test';
import { createTranslator } from 'next-intl';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { collectErrors, expectAccessible, expectNoHorizontalScroll, locales, perLocale } from './support';
import { waitForMail } from './support-mail';

const messages = { en, fr, es } as const;
type Locale = keyof typeof messages;
const translator = <N extends 'GuidePage' | 'Blog' | 'GuideQuestion' | 'TripCard'>(locale: Locale, namespace: N) => createTranslator({ locale, messages: messages[locale], namespace });

const guide = { slug: 'chamonix-alpine-guides', name: 'Chamonix Alpine Guides', mailbox: 'chamonix-alpine-guides@guides.cordee.example', languages: ['fr', 'en', 'es', 'de'], hours: 6 };
const guidePath = { en: `/mountain-guide/${guide.slug}`, fr: `/fr/guide/${guide.slug}`, es: `/es/guide/${guide.slug}` } as const;
const blogPath = { en: '/blog', fr: '/fr/blog', es: '/es/blog' } as const;
const tmb = { en: '/trip/tour-du-mont-blanc-guided-hut-trek', fr: '/fr/trip/tour-du-mont-blanc-accompagne-en-refuges', es: '/es/trip/tour-del-mont-blanc-guiado-por-refugios' } as const;

const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function expectBreadcrumb(page: Page, locale: Locale, labels: string[]) {
  const trail = page.getByRole('navigation', { name: messages[locale].Breadcrumb.label });
  await expect(trail.getByRole('listitem')).toHaveText([messages[locale].Breadcrumb.home, ...labels]);
  await expect(trail.locator('[aria-current="page"]')).toHaveText(labels.at(-1)!);
}

const question = {
  en: { first: 'Ada', last: 'Lovelace', questions: 'Could you guide a private ascent of the Gran Paradiso for two of us in July?' },
  fr: { first: 'Émilie', last: 'Du Châtelet', questions: 'Pouvez-vous nous guider à deux sur le Grand Paradis en juillet ?' },
  es: { first: 'Lucía', last: 'García', questions: '¿Podéis guiarnos a dos por el Gran Paradiso en julio?' },
} as const;

for (const locale of locales) {
  test(`${locale}: the guide page shows the guide's profile, trips and reviews, and a question reaches the guide`, perLocale(locale), async ({ page }) => {
    const errors = collectErrors(page);
    const t = translator(locale, 'GuidePage');
    const ask = translator(locale, 'GuideQuestion');
    const m = messages[locale];
    await page.goto(guidePath[locale]);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(guide.name);
    await expect(page.getByTestId('company-type')).toHaveText(m.Catalogue.companyType.guiding_agency);
    await expectBreadcrumb(page, locale, [guide.name]);
    const languageNames = new Intl.DisplayNames([locale], { type: 'language' });
    const facts = page.getByTestId('guide-facts');
    await expect(facts).toContainText(guide.languages.map((code) => languageNames.of(code)!).join(', '));
    await expect(facts).toContainText(t('respondsWithin', { hours: guide.hours }));
    await expect(facts).toContainText(new Intl.DisplayNames([locale], { type: 'region' }).of('FR')!);
    await expect(page.getByTestId('guide-bio')).not.toBeEmpty();
    await expect(page.locator('img[src*="/guides/chamonix-alpine-guides/avatar"]').first()).toBeVisible();

    // Trips with prices for 2 travellers by default, reviews with their trip.
    const cards = page.locator('#trips').getByTestId('trip-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    await expect(page.locator('#trips').getByLabel(t('pricesFor'))).toHaveValue('2');
    await expect(page.getByTestId('review-summary')).toBeVisible();
    await expect(page.getByTestId('guide-review').first().getByRole('link')).toHaveAttribute('href', new RegExp(`^${locale === 'en' ? '' : `/${locale}`}/trip/.+#reviews$`));

    // Each language's URL of the same guide.
    for (const other of locales) await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute('href', new RegExp(`${guidePath[other]}$`));
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Ask a question: the trip page's more-information flow, with no trip.
    const email = unique(`guide-question-${locale}`);
    const last = `${question[locale].last} ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByTestId('ask-guide').click();
    const dialog = page.getByRole('dialog', { name: m.GuideQuestion.title });
    await expect(dialog.getByText(t('formIntro', { guide: guide.name }))).toBeVisible();
    await dialog.getByRole('button', { name: m.GuideQuestion.submit }).click();
    await expect(dialog.getByText(m.Forms.errors.questionsRequired)).toBeVisible();
    await dialog.locator('input[autocomplete="given-name"]').fill(question[locale].first);
    await dialog.locator('input[autocomplete="family-name"]').fill(last);
    await dialog.locator('input[type="email"]').fill(email);
    await dialog.locator('textarea').fill(question[locale].questions);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: m.GuideQuestion.submit }).click();
    await expect(dialog.getByTestId('form-sent')).toContainText(m.GuideQuestion.sentTitle);
    await expect(dialog.getByTestId('form-sent')).toContainText(ask('sentText', { guide: guide.name, email, hours: guide.hours }));

    const travellerMail = await waitForMail(page.request, { to: email });
    expect(travellerMail.subject).toContain(guide.name);
    const guideMail = await waitForMail(page.request, { to: guide.mailbox, subjectIncludes: last });
    expect(guideMail.text).toContain(question[locale].questions);
    expect(guideMail.replyTo).toContain(email);
    expect(errors).toEqual([]);
  });
}

test('the traveller count reprices the guide’s trips, and the trip page’s guide card leads to the guide page', async ({ page }) => {
  const t = translator('fr', 'GuidePage');
  await page.goto(tmb.fr);
  await page.getByTestId('guide-page-link').click();
  await expect(page).toHaveURL(new RegExp(`${guidePath.fr}$`));
  const card = translator('fr', 'TripCard');
  await expect(page.locator('#trips').getByText(card('perPersonFor', { count: 2 })).first()).toBeVisible();
  await page.locator('#trips').getByLabel(t('pricesFor')).selectOption('1');
  await page.locator('#trips').getByRole('button', { name: t('updatePrices') }).click();
  await expect(page).toHaveURL(new RegExp(`${guidePath.fr}\\?travellers=1#trips$`));
  await expect(page.locator('#trips').getByLabel(t('pricesFor'))).toHaveValue('1');
  await expect(page.locator('#trips').getByText(card('perPersonFor', { count: 1 })).first()).toBeVisible();
});

// Answers of the server only: proven once, by the desktop run (playwright.config.ts).
test('guide paths of the other shape redirect, an unknown guide is a 404', { tag: '@server' }, async ({ request }) => {
  const english = await request.get(`/guide/${guide.slug}`, { maxRedirects: 0 });
  expect(english.status()).toBe(308);
  expect(english.headers().location).toContain(guidePath.en);
  const french = await request.get(`/fr/mountain-guide/${guide.slug}`, { maxRedirects: 0 });
  expect(french.status()).toBe(308);
  expect(french.headers().location).toContain(guidePath.fr);
  const missing = await request.get('/mountain-guide/no-such-guide');
  expect(missing.status()).toBe(404);
});

for (const locale of locales) {
  test(`${locale}: the blog paginates, and a post shows its author and related trips`, perLocale(locale), async ({ page }) => {
    const errors = collectErrors(page);
    const t = translator(locale, 'Blog');
    await page.goto(blogPath[locale]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('title'));
    await expectBreadcrumb(page, locale, [t('title')]);
    const cards = page.getByTestId('blog-post-card');
    await expect(cards).toHaveCount(6);
    const pagination = page.getByRole('navigation', { name: t('pagination.label') });
    await expect(pagination.getByRole('link', { name: t('pagination.page', { page: 1 }) })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('link', { name: t('pagination.page', { page: 1 }) })).toHaveAttribute('href', blogPath[locale]);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await pagination.getByRole('link', { name: t('pagination.next') }).click();
    await expect(page).toHaveURL(new RegExp(`${blogPath[locale]}\\?page=2$`));
    await page.waitForLoadState('load');
    await expect(page.getByRole('navigation', { name: t('pagination.label') }).getByRole('link', { name: t('pagination.page', { page: 2 }) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
    expect(await cards.count()).toBeLessThanOrEqual(6);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${blogPath[locale]}\\?page=2$`));

    // A post: title, date, author with avatar and bio, body, related trips, other posts.
    const post = cards.first();
    const title = (await post.getByRole('heading').textContent())!;
    await post.getByRole('link').click();
    await page.waitForURL(new RegExp(`${blogPath[locale]}/[a-z0-9-]+$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expectBreadcrumb(page, locale, [t('title'), title]);
    await expect(page.getByTestId('post-byline').locator('time')).toContainText(/\d{4}/);
    const author = page.getByTestId('post-author');
    await expect(author.getByRole('heading', { name: t('post.authorTitle') })).toBeVisible();
    await expect(author.locator('img[src*="/authors/"]')).toBeVisible();
    await expect(author.locator('p').nth(1)).not.toBeEmpty();
    await expect(page.getByTestId('post-body').locator('p').first()).not.toBeEmpty();
    expect(await page.getByTestId('related-trips').getByTestId('trip-card').count()).toBeGreaterThanOrEqual(1);
    const others = await page.getByTestId('other-posts').getByTestId('blog-post-card').count();
    expect(others).toBeGreaterThanOrEqual(2);
    expect(others).toBeLessThanOrEqual(3);
    for (const other of locales.filter((candidate) => candidate !== locale)) {
      await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute('href', new RegExp(`${blogPath[other]}/[a-z0-9-]+$`));
    }
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });

  test(`${locale}: a blog page that does not exist says so, links to page 1 and is not indexed`, async ({ page }) => {
    const t = translator(locale, 'Blog');
    for (const query of ['?page=99', '?page=abc']) {
      const response = await page.goto(`${blogPath[locale]}${query}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId('blog-no-posts')).toContainText(t('noPostsOnPage'));
      await expect(page.getByRole('link', { name: t('firstPage') })).toHaveAttribute('href', blogPath[locale]);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    }
  });
}
