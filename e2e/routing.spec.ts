import { expect, test } from '@playwright/test';
import { staticPageKeys, staticPagePath } from '../lib/routing/static-pages';
import { locales } from './support';

// The request API, not the viewport: desktop only (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

const redirects: [string, string][] = [
  ['/mobile', '/'],
  ['/fr/mobile', '/fr'],
  ['/es/mobile', '/es'],
  ['/mobile/trip/mont-blanc', '/trip/mont-blanc'],
  ['/mobile/fr/trip/mont-blanc', '/fr/trip/mont-blanc'],
  ['/mobile/es/blog/consejos', '/es/blog/consejos'],
  ['/mobile/blog/tips', '/blog/tips'],
  ['/index.html', '/'],
  ['/en', '/'],
  ['/en/about', '/about'],
  ['/fr/about', '/fr/a-propos'],
  ['/about/', '/about'],
  ['/fr/a-propos/', '/fr/a-propos'],
  // Every duplicate variant at once still takes one hop.
  ['/en/about/', '/about'],
  ['/mobile/fr/about/', '/fr/a-propos'],
  ['/en/', '/'],
  ['/mobile/es/', '/es'],
];

test.describe('redirects', () => {
  for (const [from, to] of redirects) {
    test(`${from} → ${to} permanently`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect([301, 308]).toContain(response.status());
      expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe(to);
      expect(response.headers()['x-page-type']).toBeUndefined();
    });
  }
});

// spec §2 page-type table, on the running site: every path that is not redirected answers its type.
const pageTypes: [string, string][] = [
  ['/', 'home'],
  ['/fr', 'home'],
  ['/es', 'home'],
  ['/mountain-guide/anna-rossi', 'guide'],
  ['/fr/guide/anna-rossi', 'guide'],
  ['/es/guide/anna-rossi', 'guide'],
  ['/search', 'search'],
  ['/fr/search', 'search'],
  ['/es/search', 'search'],
  ['/trip/mont-blanc', 'trip'],
  ['/fr/trip/mont-blanc', 'trip'],
  ['/trips-in-nepal', 'landing'],
  ['/blog', 'blog'],
  ['/blog/tips', 'blog'],
  ['/fr/blog/conseils', 'blog'],
  ['/open-groups', 'open-groups'],
  ['/fr/open-groups', 'open-groups'],
  ['/es/open-groups', 'open-groups'],
  ['/alps/ski-touring', 'landing'],
  ['/fr/a-made-up-page', 'landing'],
];

test.describe('x-page-type', () => {
  for (const [path, type] of pageTypes) {
    test(`${path} is ${type}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).not.toBe(308);
      expect(response.headers()['x-page-type']).toBe(type);
    });
  }

  test('every static page of every locale answers 200 as static', async ({ request }) => {
    for (const locale of locales) {
      for (const key of staticPageKeys) {
        const response = await request.get(staticPagePath(key, locale), { maxRedirects: 0 });
        expect(response.status(), staticPagePath(key, locale)).toBe(200);
        expect(response.headers()['x-page-type']).toBe('static');
        expect(await response.text()).toContain(`<html lang="${locale}"`);
      }
    }
  });
});
