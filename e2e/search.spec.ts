import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { collectErrors, expectAccessible, expectNoHorizontalScroll, locales, perLocale } from './support';

const messages = { en, fr, es } as const;
const searchPath = { en: '/search', fr: '/fr/search', es: '/es/search' } as const;

/** Opens the filter panel on a phone (a <details> there; always open on desktop). */
async function openFilters(page: Page, locale: (typeof locales)[number]) {
  // The filters are a client island: wait until it has hydrated.
  await expect(page.locator('[data-hydrated]')).toBeAttached({ timeout: 20_000 });
  const toggle = page.getByRole('search', { name: messages[locale].Search.filters.title }).locator('summary');
  if (await toggle.isVisible()) await toggle.click();
}

/** Waits until the search page shows the results of its last change (fetched as data; the earlier ones stay until then). */
async function resultsSettled(page: Page) {
  await expect(page.locator('[data-testid="search-live"][aria-busy]')).toHaveCount(0);
}

for (const locale of locales) {
  test(`search → filter → trip page → back keeps the filters (${locale})`, perLocale(locale), async ({ page }) => {
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
    await resultsSettled(page);
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
  // The first card's cover is the page's largest paint: fetched at once; the others as they near the screen.
  const covers = page.getByTestId('search-results').getByTestId('trip-card').locator('img');
  await expect(covers.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(covers.first()).not.toHaveAttribute('loading', 'lazy');
  await expect(covers.nth(1)).toHaveAttribute('loading', 'lazy');
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

test('destination search as you type: suggestions, arrows and Enter, Escape (fr, 375 px)', async ({ page, isMobile, request }) => {
  test.skip(!isMobile, 'the phone layout, where the list must fit');
  const errors = collectErrors(page);
  await page.goto('/fr');
  const box = page.locator('#home-search');
  await box.click();
  await box.pressSequentially('ski');
  const list = page.getByRole('listbox');
  // The list shows the answer for the whole word, not one for 'sk' still on its way.
  await expect(list).toHaveAttribute('data-suggest-for', 'ski');
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('status').filter({ hasText: /proposition/ })).toHaveText(/\d+ propositions|Une proposition/);
  // Within the screen, under the box, without a horizontal scroll.
  const [listBox, inputBox] = [await list.boundingBox(), await box.boundingBox()];
  expect(listBox!.x).toBeGreaterThanOrEqual(0);
  expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(375);
  expect(listBox!.y).toBeGreaterThanOrEqual(inputBox!.y + inputBox!.height);
  await expectNoHorizontalScroll(page);

  const options = list.getByRole('option');
  const labels = await options.allTextContents();
  const target = labels.findIndex((label) => label.startsWith(fr.Catalogue.activity['ski-touring']));
  expect(target).toBeGreaterThanOrEqual(0);
  const targetId = (await options.nth(target).getAttribute('id'))!;

  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  // Down arrows open the list again and move through it.
  for (let i = 0; i <= target; i++) await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', targetId);
  await expect(options.nth(target)).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/fr\/search\?activity=ski-touring/);
  await expect(page.getByTestId('search-results').getByRole('link').first()).toBeVisible();
  expect(errors).toEqual([]);

  // The route answers bounded JSON, and refuses a too long text without a 500.
  const answer = await request.get('/api/suggest?q=zermat&locale=fr');
  expect(answer.status()).toBe(200);
  expect((await answer.json()).items[0].label).toMatch(/Zermatt/);
  expect((await request.get(`/api/suggest?q=${'a'.repeat(61)}&locale=fr`)).status()).toBe(400);
});
