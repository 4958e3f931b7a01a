import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import { collectErrors } from './support';

// A trip whose groups no other spec joins: its open spots are this spec's to change.
const tripPath = '/trip/manaslu-circuit-trek';
// The run's second app (playwright.config.ts): another instance of the site on the same database.
const otherInstance = `http://127.0.0.1:${Number(process.env.E2E_CONFIGURED_PORT || Number(process.env.E2E_PORT || 3100) + 1)}`;

test.describe('cached pages', () => {
  test('a cached trip page shows the new open spots as soon as a group is joined, on every instance', async ({ page, request }) => {
    const errors = collectErrors(page);
    await page.goto(tripPath);
    // The second view is served from the cache.
    await page.reload();
    const row = page.getByTestId('open-groups').locator('li:not([data-full])').first();
    const group = await row.getAttribute('data-group');
    const before = Number(await row.getAttribute('data-open-spots'));
    expect(before).toBeGreaterThan(1);
    // The second app of the run (same database, same Redis) holds the page in its own cache too.
    const spotsOnOtherInstance = async () => {
      // A fresh connection each time: a kept-alive one left idle while the join is sent may be closed by
      // the server just as it is reused (socket hang up), which says nothing of the cache.
      const response = await request.get(`${otherInstance}${tripPath}`, { headers: { connection: 'close' } });
      const html = await response.text();
      return { cache: response.headers()['x-nextjs-cache'], spots: html.match(new RegExp(`data-group="${group}"[^>]*data-open-spots="(\\d+)"|data-open-spots="(\\d+)"[^>]*data-group="${group}"`))?.slice(1).find(Boolean) };
    };
    await spotsOnOtherInstance();
    expect(await spotsOnOtherInstance()).toEqual({ cache: 'HIT', spots: String(before) });

    await row.getByTestId('join-group').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(`cache-${Date.now()}@example.com`);
    await dialog.getByLabel('Number of travellers').fill('1');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: en.OpenGroupJoin.join }).click();
    await expect(dialog.getByTestId('form-sent')).toContainText(en.OpenGroupJoin.heldTitle);

    await page.goto(tripPath);
    await expect(page.locator(`[data-testid="open-groups"] li[data-group="${group}"]`)).toHaveAttribute('data-open-spots', String(before - 1));
    // The join expired the trip's pages on the other instance too (expiries shared through Redis).
    await expect.poll(async () => (await spotsOnOtherInstance()).spots, { timeout: 5_000 }).toBe(String(before - 1));
    expect(errors).toEqual([]);
  });

  test('each currency gets its own prices from the same cached trip page', async ({ page, context, baseURL }) => {
    const price = page.getByTestId('open-groups').locator('li').first();
    await context.addCookies([{ name: 'currency', value: 'EUR', url: baseURL! }]);
    await page.goto(tripPath);
    const euros = await price.textContent();
    expect(euros).toContain('€');
    await context.addCookies([{ name: 'currency', value: 'JPY', url: baseURL! }]);
    await page.goto(tripPath);
    const yen = await price.textContent();
    expect(yen).toMatch(/¥|JP¥/);
    expect(yen).not.toBe(euros);
  });
});
