import { expect, test } from '@playwright/test';
import { footerLinks } from '../lib/routing/site-links';
import { linkSettings } from '../lib/site-config';
import en from '../messages/en.json';
import { locales } from './support';

const tmbFr = '/fr/trip/tour-du-mont-blanc-accompagne-en-refuges';

// Every sitemap page as a search engine reads it, and every internal link answering 200, are the
// crawl step's (scripts/crawl-test.mjs, scripts/seo-check.ts): its app renders them all anyway.
test.describe('what crawlers and footers reach', () => {
  test('every footer link of the site answers 200 in every locale', async ({ request }) => {
    const settings = linkSettings();
    for (const locale of locales) {
      for (const group of Object.values(footerLinks(settings, locale))) {
        for (const link of group.filter((candidate) => !candidate.external && candidate.href.startsWith('/'))) {
          expect((await request.get(link.href, { maxRedirects: 0 })).status(), `${locale} ${link.key} ${link.href}`).toBe(200);
        }
      }
    }
  });

  test('made-up paths are 404 pages; other locales\' slugs redirect', async ({ request }) => {
    for (const path of ['/trekking-in-atlantis', '/fr/alpinisme-sur-mars', '/mountain-guide/nobody-at-all', '/fr/blog/no-such-post', '/es/guide/nadie']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const redirect = await request.get('/es/trekking-in-nepal', { maxRedirects: 0 });
    expect(redirect.status()).toBe(308);
    expect(redirect.headers().location).toBe('/es/trekking-en-nepal');
  });

  test('a trip slug of another locale redirects to this locale, an unknown trip is a 404', async ({ request }) => {
    const redirect = await request.get('/fr/trip/tour-du-mont-blanc-guided-hut-trek', { maxRedirects: 0 });
    expect(redirect.status()).toBe(308);
    expect(redirect.headers().location).toContain(tmbFr);
    // With the mobile prefix and a trailing slash too: still one hop, to the French slug.
    const duplicate = await request.get('/mobile/fr/trip/tour-du-mont-blanc-guided-hut-trek/?from=old', { maxRedirects: 0 });
    expect(duplicate.status()).toBe(308);
    const target = new URL(duplicate.headers().location!, 'http://x');
    expect(`${target.pathname}${target.search}`).toBe(`${tmbFr}?from=old`);
    const missing = await request.get('/trip/no-such-trip');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain(en.NotFound.title);
  });
});
