import { expect, test, type Browser, type Page } from '@playwright/test';
import { staticPagePath } from '../lib/routing/static-pages';
import { collectErrors, expectAccessible, expectNoHorizontalScroll } from './support';

// spec §4/§8: the visitor's currency, resolved on the server for every page.
const picker = (page: Page) => page.getByTestId('currency-picker');
// The server's choice, read from its HTML or its API: proven once, by the desktop run (playwright.config.ts).
const server = { tag: '@server' };

/** A fresh visitor whose requests carry these headers (a CDN country, a forwarded address) and cookie. */
async function visitor(browser: Browser, baseURL: string | undefined, headers: Record<string, string>, currencyCookie?: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: headers });
  if (currencyCookie !== undefined) await context.addCookies([{ name: 'currency', value: currencyCookie, url: baseURL! }]);
  return { context, page: await context.newPage() };
}

test.describe('the visitor currency', () => {
  test('a visitor from France with no cookie sees euros', server, async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL, { 'x-vercel-ip-country': 'FR' });
    await page.goto('/fr');
    await expect(picker(page)).toHaveAttribute('data-currency', 'EUR');
    await expect(picker(page)).toHaveText(/€\s*EUR|EUR/);
    await context.close();
  });

  test('a visitor from Switzerland sees francs (Cloudflare header)', server, async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL, { 'cf-ipcountry': 'CH' });
    await page.goto('/');
    await expect(picker(page)).toHaveAttribute('data-currency', 'CHF');
    await context.close();
  });

  test('a visitor found by address in the GeoIP database gets its currency', server, async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL, { 'x-forwarded-for': '195.176.1.1' });
    await page.goto('/es');
    await expect(picker(page)).toHaveAttribute('data-currency', 'CHF');
    await context.close();
  });

  test('when geolocation fails the currency is dollars', server, async ({ page }) => {
    // The test browser connects from 127.0.0.1 with no CDN header: a private address.
    await page.goto('/');
    await expect(picker(page)).toHaveAttribute('data-currency', 'USD');
  });

  test("a country whose currency has no rate gets dollars (Morocco's dirham)", server, async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL, { 'x-vercel-ip-country': 'MA' });
    await page.goto('/fr');
    await expect(picker(page)).toHaveAttribute('data-currency', 'USD');
    await context.close();
  });

  test('cookie currency=local is no choice: the country decides', async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL, { 'x-vercel-ip-country': 'CH' }, 'local');
    await page.goto('/');
    await expect(picker(page)).toHaveAttribute('data-currency', 'CHF');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('currency'))).toBeNull();
    await context.close();
  });

  test('a currency cookie wins over the country', server, async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL, { 'x-vercel-ip-country': 'CH' }, 'GBP');
    await page.goto('/es');
    await expect(picker(page)).toHaveAttribute('data-currency', 'GBP');
    await context.close();
  });

  test('picking pounds keeps them on every page, after a reload, in cookie and local storage', async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL, { 'x-vercel-ip-country': 'CH' });
    const errors = collectErrors(page);
    await page.goto('/fr');
    await expect(picker(page)).toHaveAttribute('data-currency', 'CHF');
    await picker(page).click();
    const dialog = page.getByRole('dialog', { name: 'Choisissez votre devise' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await dialog.getByRole('searchbox', { name: 'Rechercher une devise' }).fill('livre');
    await dialog.getByRole('button', { name: /Livre sterling/ }).click();
    await expect(picker(page)).toHaveAttribute('data-currency', 'GBP');
    expect((await context.cookies()).find((cookie) => cookie.name === 'currency')?.value).toBe('GBP');
    expect(await page.evaluate(() => localStorage.getItem('currency'))).toContain('GBP');

    await page.reload();
    await expect(picker(page)).toHaveAttribute('data-currency', 'GBP');
    for (const path of ['/', staticPagePath('about', 'es'), '/fr/page-inconnue']) {
      await page.goto(path);
      await expect(picker(page), path).toHaveAttribute('data-currency', 'GBP');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the rates are refreshed from the configured ECB feed at start', async ({ page }) => {
    await expect
      .poll(
        async () => {
          await page.goto('/');
          await picker(page).click();
          const text = await page.getByRole('dialog').textContent();
          await page.keyboard.press('Escape');
          return text;
        },
        { timeout: 20_000 },
      )
      .toContain('November 21, 2026');
  });
});

test.describe('GET /api/v3/geolocation', server, () => {
  test('answers the country and its currency from the CDN header', async ({ request }) => {
    const response = await request.get('/api/v3/geolocation', { headers: { 'x-vercel-ip-country': 'FR' } });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ countryCode: 'FR', countryName: 'France', currencyCode: 'EUR' });
  });

  test('answers from the client address when there is no CDN header', async ({ request }) => {
    const response = await request.get('/api/v3/geolocation', { headers: { 'x-forwarded-for': '81.2.69.160' } });
    expect(await response.json()).toEqual({ countryCode: 'GB', countryName: 'United Kingdom', currencyCode: 'GBP' });
  });

  test('an unknown country or a private address is a clear failure, not a 500', async ({ request }) => {
    const cases: Record<string, string>[] = [{ 'x-vercel-ip-country': 'XX' }, { 'x-vercel-ip-country': 'QQ' }, {}];
    for (const headers of cases) {
      const response = await request.get('/api/v3/geolocation', { headers });
      expect(response.status()).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'GEOLOCATION_FAILED' } });
    }
  });
});

test.describe('a server facing clients directly (default settings: no proxy, no CDN trusted)', server, () => {
  const configured = `http://127.0.0.1:${Number(process.env.E2E_CONFIGURED_PORT || Number(process.env.E2E_PORT || 3100) + 1)}`;

  test('ignores a client-sent country header and X-Forwarded-For: the socket address (loopback) decides', async ({ request }) => {
    const spoofed: Record<string, string>[] = [{ 'x-vercel-ip-country': 'FR' }, { 'cf-ipcountry': 'CH' }, { 'x-forwarded-for': '81.2.69.160' }, { 'x-cordee-socket-address': '81.2.69.160' }];
    for (const headers of spoofed) {
      const response = await request.get(`${configured}/api/v3/geolocation`, { headers });
      expect(response.status(), JSON.stringify(headers)).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'GEOLOCATION_FAILED' } });
    }
  });
});
