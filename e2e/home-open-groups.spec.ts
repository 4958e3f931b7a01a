import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { collectErrors, expectAccessible, expectNoHorizontalScroll, homePath, locales, perLocale } from './support';
import { waitForMail } from './support-mail';

const messages = { en, fr, es } as const;
const openGroupsPath = { en: '/open-groups', fr: '/fr/open-groups', es: '/es/open-groups' } as const;
const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The filter form's select for a label, and the value of its first real option (the placeholder is ''). */
async function firstChoice(page: Page, label: string, index = 1): Promise<string> {
  const value = await page.getByLabel(label, { exact: true }).locator('option').nth(index).getAttribute('value');
  expect(value).toBeTruthy();
  return value!;
}

for (const locale of locales) {
  const m = messages[locale];

  test(`${locale}: the home page shows destinations, open groups, trips, promise, reviews and the blog`, perLocale(locale), async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto(homePath[locale]);
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');

    const destinations = page.getByTestId('home-destinations');
    await expect(destinations.getByRole('heading', { level: 2 })).toHaveText(m.HomeSections.destinations.heading);
    await expect(destinations.getByRole('listitem')).toHaveCount(8);
    const firstDestination = destinations.getByRole('link').first();
    await expect(firstDestination).toContainText(/\d/);
    // The largest destination (France in the demo catalogue: no landing page of its own) opens the
    // search of its trips, which lists as many as the count (tests/db/search.test.ts).
    expect(await firstDestination.getAttribute('href')).toMatch(/\/search\?country=FR$/);

    const groups = page.getByTestId('home-open-groups');
    await expect(groups.getByRole('heading', { level: 2 })).toHaveText(m.HomeSections.openGroups.heading);
    await expect(groups.getByRole('listitem').first()).toContainText(m.HomeSections.openGroups.perPerson);
    await expect(groups.getByRole('link', { name: m.HomeSections.openGroups.seeAll })).toHaveAttribute('href', openGroupsPath[locale]);
    expect(await groups.getByRole('heading', { level: 3 }).first().getByRole('link').getAttribute('href')).toMatch(new RegExp(`^${locale === 'en' ? '' : `/${locale}`}/trip/`));

    const featured = page.getByTestId('home-featured');
    await expect(featured.getByRole('heading', { level: 2 })).toHaveText(m.HomeSections.featured.heading);
    await expect(featured.getByTestId('trip-card')).toHaveCount(8);

    await expect(main.getByRole('heading', { name: m.Home.promiseHeading })).toBeVisible();
    await expect(main.getByText(m.Home.promiseDepositText)).toBeVisible();
    await expect(main.getByText(m.Home.promiseCancellationText)).toBeVisible();
    await expect(main.getByText(m.Home.promiseGuidesText)).toBeVisible();

    const reviews = page.getByTestId('home-reviews');
    await expect(reviews.getByRole('heading', { level: 2 })).toHaveText(m.HomeSections.reviews.heading);
    await expect(reviews.locator('blockquote').first()).not.toBeEmpty();
    await expect(reviews.getByRole('img').first()).toHaveAttribute('aria-label', /\d/);

    const blog = page.getByTestId('home-blog');
    await expect(blog.getByRole('heading', { level: 2 })).toHaveText(m.HomeSections.blog.heading);
    await expect(blog.getByRole('article')).toHaveCount(3);
    expect(await blog.getByRole('article').first().getByRole('link').getAttribute('href')).toMatch(new RegExp(`^${locale === 'en' ? '' : `/${locale}`}/blog/[a-z0-9-]+$`));

    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
}

test('en: open groups filter by activity through the GET form, and the filters stay in the URL', async ({ page }) => {
  const errors = collectErrors(page);
  const response = await page.goto(openGroupsPath.en);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.OpenGroupsPage.title);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(en.OpenGroupsPage.breadcrumb)).toHaveAttribute('aria-current', 'page');
  const dates = await page.getByTestId('open-group-departure').evaluateAll((items) => items.map((item) => item.getAttribute('data-starts-on')!));
  expect(dates.length).toBeGreaterThan(0);
  expect(dates).toEqual([...dates].sort());

  await page.getByLabel(en.OpenGroupsPage.filters.activity, { exact: true }).selectOption('ski-touring');
  await page.getByRole('button', { name: en.OpenGroupsPage.filters.submit }).click();
  await page.waitForURL(/[?&]activity=ski-touring/);
  await expect(page.getByLabel(en.OpenGroupsPage.filters.activity, { exact: true })).toHaveValue('ski-touring');
  const activities = await page.getByTestId('open-group-departure').evaluateAll((items) => items.map((item) => item.getAttribute('data-activities')!));
  expect(activities.length).toBeGreaterThan(0);
  for (const list of activities) expect(list.split(' ')).toContain('ski-touring');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test('fr: open groups filter by month and ignore values they cannot use', async ({ page }) => {
  await page.goto(`${openGroupsPath.fr}?activity=base-jump&month=1999-01&country=France&page=-2`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.OpenGroupsPage.title);
  await expect(page.getByLabel(fr.OpenGroupsPage.filters.activity, { exact: true })).toHaveValue('');
  const month = await firstChoice(page, fr.OpenGroupsPage.filters.month, 3);
  await page.getByLabel(fr.OpenGroupsPage.filters.month, { exact: true }).selectOption(month);
  await page.getByRole('button', { name: fr.OpenGroupsPage.filters.submit }).click();
  await page.waitForURL(new RegExp(`[?&]month=${month}`));
  const dates = await page.getByTestId('open-group-departure').evaluateAll((items) => items.map((item) => item.getAttribute('data-starts-on')!));
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) expect(date.startsWith(month)).toBe(true);
});

test('fr: when no open group matches, the page says so and links to every departure', async ({ page }) => {
  // Iceland has no departures in the demo catalogue.
  await page.goto(`${openGroupsPath.fr}?country=IS&activity=trekking`);
  await expect(page.getByTestId('open-groups-count')).toHaveText(fr.OpenGroupsPage.count.match(/=0 \{([^}]*)\}/)![1]!);
  const empty = page.getByTestId('open-groups-empty');
  await expect(empty).toContainText(fr.OpenGroupsPage.empty);
  await empty.getByRole('link', { name: fr.OpenGroupsPage.clearAll }).click();
  await page.waitForURL(/\/fr\/open-groups$/);
  await expect(page.getByTestId('open-group-departure').first()).toBeVisible();
});

test('es: open groups filter by place, with country names in Spanish', async ({ page }) => {
  await page.goto(openGroupsPath.es);
  const country = page.getByLabel(es.OpenGroupsPage.filters.country, { exact: true });
  await expect(country.locator('option[value="CH"]')).toHaveText('Suiza');
  await country.selectOption('CH');
  await page.getByRole('button', { name: es.OpenGroupsPage.filters.submit }).click();
  await page.waitForURL(/[?&]country=CH/);
  const countries = await page.getByTestId('open-group-departure').evaluateAll((items) => items.map((item) => item.getAttribute('data-country')!));
  expect(countries.length).toBeGreaterThan(0);
  expect(new Set(countries)).toEqual(new Set(['CH']));
  await expect(page.getByTestId('open-group-departure').first()).toContainText('Suiza');
  await expect(page.getByRole('link', { name: es.OpenGroupsPage.filters.clear })).toHaveAttribute('href', openGroupsPath.es);
  await expectNoHorizontalScroll(page);
});

test('es: open groups come 20 a page, with links to the other pages', async ({ page }) => {
  await page.goto(openGroupsPath.es);
  await expect(page.getByTestId('open-group-departure')).toHaveCount(20);
  await page.getByRole('navigation', { name: es.OpenGroupsPage.pagination.label }).getByRole('link', { name: es.OpenGroupsPage.pagination.next }).click();
  await page.waitForURL(/[?&]page=2/);
  await expect(page.getByTestId('open-groups-count')).toContainText(es.OpenGroupsPage.pageOf.replace('{page}', '2').replace(/ \{count\}$/, ''));
  await expectNoHorizontalScroll(page);
});

test('joining an open group from the open-groups page holds the spots and sends a confirmation', async ({ page }) => {
  const errors = collectErrors(page);
  const email = unique('open-groups-join');
  await page.goto(openGroupsPath.en);
  const departure = page.locator('[data-testid="open-group-departure"]:not([data-full])').first();
  await departure.getByTestId('join-group').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Number of travellers').fill('1');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: en.OpenGroupJoin.join }).click();
  await expect(dialog.getByTestId('form-sent')).toContainText(en.OpenGroupJoin.heldTitle);
  await waitForMail(page.request, { to: email });
  expect(errors).toEqual([]);
});
