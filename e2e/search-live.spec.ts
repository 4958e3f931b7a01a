import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import { collectErrors } from './support';

const t = en.Search;

/** Counts, every few milliseconds once armed, the moments the focus sits on <body>. */
async function watchBodyFocus(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { bodyFocus: number; armed: boolean };
    state.bodyFocus = 0;
    state.armed = false;
    setInterval(() => {
      if (state.armed && document.activeElement === document.body) state.bodyFocus += 1;
    }, 5);
  });
}
const arm = (page: Page) => page.evaluate(() => ((window as unknown as { armed: boolean }).armed = true));
const bodyFocusCount = (page: Page) => page.evaluate(() => (window as unknown as { bodyFocus: number }).bodyFocus);
const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? document.activeElement?.tagName);

/** Presses `key` until the focused element matches, failing after `max` presses or if focus reaches <body>. */
async function pressUntil(page: Page, key: string, matches: () => Promise<boolean>, max = 80) {
  for (let index = 0; index < max; index += 1) {
    if (await matches()) return;
    await page.keyboard.press(key);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  }
  throw new Error(`${key} never reached the control (focus on ${await focusedName(page)})`);
}

test('filter by "8 to 14 days" and "Challenging" with the keyboard alone: focus stays, the count is announced', async ({ page, isMobile }) => {
  const errors = collectErrors(page);
  await watchBodyFocus(page);
  await page.goto('/search');
  await expect(page.locator('[data-hydrated]')).toBeAttached({ timeout: 20_000 });
  const filters = page.getByRole('search', { name: t.filters.title });
  const announcement = page.getByTestId('search-announcement');
  const count = page.getByTestId('search-count');
  const pageLoads: string[] = [];
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') pageLoads.push(request.url());
    else if (new URL(request.url()).pathname === '/api/search') dataRequests.push(request.url());
  });

  // Start from the search's first control (the phone's disclosure, else the first filter) and go on by keys only.
  const summary = filters.locator('summary');
  if (isMobile) {
    await summary.focus();
    await arm(page);
    await page.keyboard.press('Enter');
    await expect(filters.getByLabel(t.filters.duration)).toBeVisible();
  } else {
    await filters.getByLabel(t.filters.travellers).focus();
    await arm(page);
  }
  const duration = filters.getByLabel(t.filters.duration);
  await pressUntil(page, 'Tab', () => duration.evaluate((element) => element === document.activeElement));

  // Arrows step through the closed select without applying each option.
  await pressUntil(page, 'ArrowDown', async () => (await duration.inputValue()) === '8-14', 6);
  await expect(duration).toHaveValue('8-14');
  expect(page.url()).not.toContain('duration=');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/duration=8-14/);
  await expect(announcement).toHaveText(/\d+ trips?|No trips/);
  await expect(announcement).toHaveText((await count.textContent())!);
  await expect(duration).toBeFocused();
  if (!isMobile) await expect(count).toBeInViewport();
  const afterDuration = await count.textContent();

  const challenging = filters.getByRole('checkbox', { name: en.Catalogue.tripLevel.sustained, exact: true });
  await pressUntil(page, 'Shift+Tab', () => challenging.evaluate((element) => element === document.activeElement));
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/level=sustained/);
  await expect(page).toHaveURL(/duration=8-14/);
  await expect(challenging).toBeChecked();
  await expect(challenging).toBeFocused();
  await expect(announcement).toHaveText(/\d+ trips?|No trips/);
  await expect(announcement).toHaveText((await count.textContent())!);
  expect(Number(/\d+/.exec((await count.textContent())!)?.[0] ?? 0)).toBeLessThanOrEqual(Number(/\d+/.exec(afterDuration!)?.[0] ?? 0));

  // Every card is 8 to 14 days; two searches fetched as data, no page loaded; the focus never fell to <body>.
  const days = await page.getByTestId('search-results').getByText(/^\d+ days$/).allTextContents();
  expect(days.every((text) => Number.parseInt(text, 10) >= 8 && Number.parseInt(text, 10) <= 14)).toBe(true);
  expect(pageLoads).toEqual([]);
  expect(dataRequests).toHaveLength(2);
  expect(await bodyFocusCount(page)).toBe(0);
  expect(errors).toEqual([]);
});

test('a search refused past the client’s allowance says so in the page’s language, keeping the results', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the same client code at every width');
  const message = 'Trop de recherches depuis votre connexion. Réessayez dans 30\u00a0secondes.';
  let asked = 0;
  await page.route('**/api/search?**', (route) => {
    asked += 1;
    return route.fulfill({ status: 429, headers: { 'retry-after': '30', 'cache-control': 'no-store' }, contentType: 'application/json', body: JSON.stringify({ error: 'rateLimited', message }) });
  });
  await page.goto('/fr/search?query=trek');
  await expect(page.locator('[data-hydrated]')).toBeAttached({ timeout: 20_000 });
  const titles = await page.getByTestId('search-results').locator('article h3').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  const filters = page.getByRole('search', { name: fr.Search.filters.title });
  const level = filters.getByRole('checkbox', { name: fr.Catalogue.tripLevel.sustained, exact: true });
  await level.check();
  await expect(page.getByTestId('search-busy')).toHaveText(message);
  await expect(page.getByTestId('search-announcement')).toHaveText(message);
  await expect(level).toBeFocused();
  // The earlier results stay; a refusal is not asked again at once.
  expect(await page.getByTestId('search-results').locator('article h3').allTextContents()).toEqual(titles);
  expect(asked).toBe(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters open and search as a plain form, the results rendered by the server', async ({ page, isMobile }) => {
    await page.goto('/search?query=trek');
    const filters = page.getByRole('search', { name: t.filters.title });
    if (isMobile) {
      await expect(filters.getByLabel(t.filters.duration)).toBeHidden();
      await filters.locator('summary').click();
    }
    await filters.getByRole('checkbox', { name: en.Catalogue.tripLevel.sustained, exact: true }).check();
    await filters.getByLabel(t.filters.duration).selectOption('8-14');
    await filters.getByRole('button', { name: t.filters.apply }).click();
    await expect(page).toHaveURL(/query=trek/);
    await expect(page).toHaveURL(/level=sustained/);
    await expect(page).toHaveURL(/duration=8-14/);
    await expect(page.getByTestId('search-count')).toContainText('trek');
    const days = await page.getByTestId('search-results').getByText(/^\d+ days$/).allTextContents();
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((text) => Number.parseInt(text, 10) >= 8 && Number.parseInt(text, 10) <= 14)).toBe(true);
  });
});

/**
 * The searches decision 0250 checked its query change over (price ranges, sorts, places, points,
 * visitors in USD, EUR and MAD), here as URL parameters and the visitor's currency.
 */
const SEARCHES: [string, string][] = [
  ['', 'EUR'],
  ['query=trek', 'EUR'],
  ['query=trek&priceMax=2000', 'EUR'],
  ['query=trek&priceMin=500&priceMax=3000', 'USD'],
  ['priceMin=1000', 'MAD'],
  ['sort=price', 'EUR'],
  ['sort=price-desc&priceMax=5000', 'USD'],
  ['sort=duration', 'EUR'],
  ['sort=rating&activity=trekking', 'EUR'],
  ['query=chamonix', 'EUR'],
  ['query=chamonix&sort=distance', 'USD'],
  ['query=nepal', 'EUR'],
  ['query=nepal&priceMax=1500&sort=price', 'MAD'],
  ['query=alps&duration=5-7', 'EUR'],
  ['query=patagonia', 'USD'],
  ['aroundLatLng=45.92,6.87', 'EUR'],
  ['aroundLatLng=47.08,2.4&priceMax=4000', 'USD'],
  ['activity=ski-touring&level=sustained&travellers=4', 'EUR'],
  ['query=climbing&page=2', 'EUR'],
];

test('a search rendered by the server and the same search as data list the same trips', async ({ page, isMobile }) => {
  test.skip(isMobile, 'server output, the same for every viewport');
  test.setTimeout(180_000);
  for (const [search, currency] of SEARCHES) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'currency', value: currency, domain: new URL(test.info().project.use.baseURL!).hostname, path: '/' }]);
    await page.goto(`/search?${search}`);
    const titles = await page.getByTestId('search-results').locator('article h3').allTextContents();
    const heading = (await page.getByTestId('search-count').textContent())!;
    const notes = await page.getByTestId('not-price-filtered').allTextContents();
    // The visitor currency the page was drawn for, which its client sends with a later search.
    const drawnFor = await page.getByTestId('search-live').getAttribute('data-currency');
    const answer = await page.request.get(`/api/search?${search}${search ? '&' : ''}locale=en&currency=${drawnFor}`);
    expect(answer.status(), search).toBe(200);
    expect(answer.headers()['x-robots-tag']).toBe('noindex');
    const data = (await answer.json()) as { trips: { title: string }[]; total: number; notPriceFiltered: unknown[] };
    expect(data.trips.map((trip) => trip.title), search).toEqual(titles);
    expect(heading, search).toContain(String(data.total));
    expect(data.notPriceFiltered.length, search).toBe(notes.length);
  }
});
