import { expect, test } from '@playwright/test';
import { footerLinks } from '../lib/routing/site-links';
import { linkSettings } from '../lib/site-config';
import { locales } from './support';

/** The text of the page's first heading, from server HTML. */
function firstHeading(html: string): string | null {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? match[1]!.replace(/<[^>]+>/g, '').trim() : null;
}

test.describe('what crawlers and footers reach', () => {
  test.skip(({ isMobile }) => isMobile, 'server HTML only: once is enough');

  test('every sitemap URL that is not a trip answers 200 with its own content and language', async ({ request }) => {
    test.setTimeout(240_000);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((path) => !path.includes('/trip/'));
    expect(urls.length).toBeGreaterThan(100);
    const headings = new Map<string, string>();
    for (const path of urls) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const locale = path.startsWith('/fr') ? 'fr' : path.startsWith('/es') ? 'es' : 'en';
      expect(html, path).toContain(`<html lang="${locale}"`);
      const heading = firstHeading(html);
      expect(heading, path).toBeTruthy();
      headings.set(path, heading!);
    }
    // Each page has its own content: no two guide, landing or blog pages share their heading.
    const entityPaths = [...headings.keys()].filter((path) => /\/(mountain-guide|guide|blog)\/|^\/(fr\/|es\/)?[a-z0-9-]+-(in|en|au|al)-/.test(path));
    const seen = new Map<string, string>();
    for (const path of entityPaths) {
      const key = `${path.slice(0, 4)} ${headings.get(path)!}`;
      expect(seen.get(key), `${path} repeats the heading of ${seen.get(key)}`).toBeUndefined();
      seen.set(key, path);
    }
  });

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
});
