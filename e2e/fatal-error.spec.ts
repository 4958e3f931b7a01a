import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import { expectAccessible } from './support';

const fakes = `http://127.0.0.1:${process.env.FAKES_PORT || 4319}`;

test('a rendering crash shows the overloaded fallback, clears storage and is reported', async ({ page, request }) => {
  await page.goto('/');
  await page.evaluate(() => {
    window.localStorage.setItem('travellers', '4');
    window.localStorage.setItem('currency', 'EUR');
  });

  const before = (await (await request.get(`${fakes}/__sentry`)).json()).items.length as number;
  await page.goto('/crash-test');
  await expect(page.getByTestId('fatal-error')).toContainText(en.Error.title);
  await expect(page.getByTestId('site-footer')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.localStorage.length)).toBe(0);
  await expectAccessible(page);

  // The server reports the crash to Sentry (here the local fake speaking its envelope API).
  await expect
    .poll(async () => {
      const { items } = (await (await request.get(`${fakes}/__sentry`)).json()) as { items: { type: string; exception: { value?: string } | null }[] };
      return items.slice(before).some((item) => item.type === 'event' && item.exception?.value?.includes('Forced rendering crash'));
    }, { timeout: 15_000 })
    .toBe(true);
});
