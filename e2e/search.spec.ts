import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { collectErrors, expectAccessible, expectNoHorizontalScroll, locales } from './support';

const messages = { en, fr, es } as const;
const searchPath = { en: '/search', fr: '/fr/search', es: '/es/search' } as const;

/** Opens the filter panel on a phone (a disclosure there; always open on desktop). */
async function openFilters(page: Page, locale: (typeof locales)[number]) {
  // The filters are a client island: wait until it has hydrated.
  await expect(page.locator('[data-hydrated]')).toBeAttached({ timeout: 20_000 });
  const toggle = page.getByRole('button', { name: messages[locale].Search.filters.show });
  if (await toggle.isVisible()) await toggle.click();
}

for (const locale of locales) {
  test(`search → filter → trip page → back keeps the filters (${locale})`, async ({ page }) => {
    const errors = collectErrors(page);
    const t = messages[locale].Search;
    await page.goto(searchPath[locale]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
    const count = page.getByTestId('search-count');
    const before = await count.textContent();

    await openFilters(page, locale);
    const filters = page.getByRole('search', { name: t.filters.title });
    await filters.getByRole('checkbox', { name: messages[locale].Catalogue.activity.trekking, exact: true }).check();
    await expect(page).toHaveURL(/activity=trekking/);
    await expect(count).not.toHaveText(before!);
    await filters.getByLabel(t.filters.travellers).selectOption('3');
    await expect(page).toHaveURL(/travellers=3/);
    const filtered = await count.textContent();
    const firstCard = page.getByTestId('search-results').getByRole('link').first();
    const title = await firstCard.textContent();
    await firstCard.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    expect(page.url()).toContain('travellers=3');

    await page.goBack();
    await expect(page).toHaveURL(/activity=trekking/);
    await expect(count).toHaveText(filtered!);
    await openFilters(page, locale);
    await expect(filters.getByRole('checkbox', { name: messages[locale].Catalogue.activity.trekking, exact: true })).toBeChecked();
    await expect(filters.getByLabel(t.filters.travellers)).toHaveValue('3');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // Remembered in local storage: a bare search page comes back to the same search.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('search.filters') ?? '{}'));
    expect(stored).toMatchObject({ filters: { activity: ['trekking'] }, travellers: 3 });
    await page.goto(searchPath[locale]);
    await expect(page).toHaveURL(/activity=trekking/);
    await expect(count).toHaveText(filtered!);
    expect(errors).toEqual([]);
  });
}

test('a place query lists the trips near it first, nearest first', async ({ page }) => {
  await page.goto('/search?query=chamonix');
  const results = page.getByTestId('search-results');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Chamonix');
  await expect(page.getByTestId('search-radius')).toContainText('Chamonix');
  // Each card says how far it is from the place, nearest first.
  const distances = (await results.locator(':scope > li > p').allTextContents()).map((text) => Number(/([\d.]+)\s*km from Chamonix/.exec(text)?.[1]));
  expect(distances.length).toBeGreaterThan(0);
  expect(distances.every((distance) => distance <= 20)).toBe(true);
  expect([...distances].sort((a, b) => a - b)).toEqual(distances);
});

test('a point with no trips nearby says how far the search looked and lists the nearest trips', async ({ page }) => {
  await page.goto('/fr/search?aroundLatLng=47.08,2.4');
  const note = page.getByTestId('search-radius');
  await expect(note).toContainText('20 km');
  await expect(note).toContainText(/500\s*km/);
  await expect(page.getByTestId('search-results').getByRole('article').first()).toBeVisible();
});

test('no trips for an activity and a place → the no-results message with suggestions', async ({ page }) => {
  await page.goto('/es/search?activity=heli-skiing&country=NP');
  const empty = page.getByTestId('search-empty');
  await expect(empty).toContainText(es.Search.empty.title);
  await expect(empty.getByRole('link', { name: es.Search.empty.clearFilters })).toBeVisible();
  await expect(empty.getByRole('link', { name: es.Search.empty.concierge })).toHaveAttribute('href', '/es/conserjeria');
});

test('sorting and pagination keep the URL shareable', async ({ page }) => {
  await page.goto('/search?sort=price');
  await expect(page.getByRole('navigation', { name: en.Search.pagination.label })).toBeVisible();
  await page.getByRole('navigation', { name: en.Search.pagination.label }).getByRole('link', { name: en.Search.pagination.next }).click();
  await expect(page).toHaveURL(/sort=price&page=2|page=2.*sort=price/);
  await expect(page.getByLabel(en.Search.sort.label)).toHaveValue('price');
});

test('landing pages show their text and their trips with the search filters; a made-up one is a 404', async ({ page, request }) => {
  await page.goto('/fr/trekking-au-nepal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trekking au Népal');
  const cards = page.getByTestId('search-results').getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('form[role="search"][action="/fr/trekking-au-nepal"]')).toBeAttached();
  expect((await request.get('/trekking-in-atlantis')).status()).toBe(404);
  expect((await request.get('/es/trekking-in-nepal', { maxRedirects: 0 })).status()).toBe(308);
});
