import { expect, test } from '@playwright/test';
import { footerLinks } from '../lib/routing/site-links';
import { linkSettings } from '../lib/site-config';
import { hreflangLinks, jsonLdBlocks, metaContent, tags, textOf, typesOf } from './seo-html';
import { locales } from './support';

test.describe('what crawlers and footers reach', () => {
  test.skip(({ isMobile }) => isMobile, 'server HTML only: once is enough');

  test('every sitemap URL: 200, unique title and description, canonical, reciprocal hreflang, one h1, valid JSON-LD, no broken internal link', async ({ request, baseURL }) => {
    test.setTimeout(600_000);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    // One <url> per page with its language versions (hreflang → URL).
    const listed = new Map<string, Record<string, string>>();
    for (const [, body] of sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
      const loc = /<loc>([^<]*)<\/loc>/.exec(body!)![1]!;
      listed.set(loc, Object.fromEntries([...body!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, '&')])));
    }
    // The demo catalogue's pages (about 350 in three languages): one request each, two at a time (the other worker shares the server).
    expect(listed.size).toBeGreaterThan(300);
    const origin = new URL(baseURL!).origin;
    // Next.js writes the root URL without its slash: the same URL.
    const absolute = (href: string) => new URL(href, origin).toString();
    const pages = new Map<string, { title: string; description: string; alternates: Record<string, string>; heading: string }>();
    const links = new Map<string, string>();

    const crawl = async (url: string, versions: Record<string, string>) => {
      const path = new URL(url).pathname;
      const response = await request.get(path, { maxRedirects: 0 });
      expect.soft(response.status(), path).toBe(200);
      const html = await response.text();
      const locale = path.startsWith('/fr') ? 'fr' : path.startsWith('/es') ? 'es' : 'en';
      expect.soft(html, path).toContain(`<html lang="${locale}"`);
      expect.soft(html.match(/<h1[\s>]/g), `${path}: one h1`).toHaveLength(1);
      const title = textOf(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
      const [description] = metaContent(html, 'description');
      expect.soft(title, path).not.toBe('');
      expect.soft(description, path).toBeTruthy();
      // The canonical URL is the sitemap's; hreflang lists the sitemap's versions, itself and x-default.
      expect.soft(tags(html, 'link').filter((link) => link.rel === 'canonical').map((link) => absolute(link.href!)), path).toEqual([url]);
      const alternates = Object.fromEntries(Object.entries(hreflangLinks(html)).map(([lang, href]) => [lang, absolute(href)]));
      expect.soft(alternates, path).toEqual(versions);
      expect.soft(Object.values(alternates), path).toContain(url);
      expect.soft(alternates['x-default'], path).toBe(alternates.en);
      // The language switcher offers the same versions (shown only when there are several).
      const switcher = /<details[^>]*data-testid="locale-switcher"[\s\S]*?<\/details>/.exec(html)?.[0];
      const languages = Object.fromEntries(Object.entries(alternates).filter(([key]) => key !== 'x-default'));
      if (Object.keys(languages).length > 1) {
        expect.soft(Object.fromEntries(tags(switcher ?? '', 'a').map((a) => [a.hreflang, new URL(a.href!, origin).toString()])), `${path} switcher`).toEqual(languages);
      }
      // Open Graph and Twitter cards with a picture and a valid og:locale.
      expect.soft(metaContent(html, 'og:locale'), path).toEqual([{ en: 'en_GB', fr: 'fr_FR', es: 'es_ES' }[locale]]);
      expect.soft(metaContent(html, 'og:title')[0], path).toBeTruthy();
      expect.soft(metaContent(html, 'og:image').length, path).toBeGreaterThan(0);
      expect.soft(metaContent(html, 'og:url').map(absolute), path).toEqual([url]);
      expect.soft(metaContent(html, 'twitter:card'), path).toEqual(['summary_large_image']);
      expect.soft(metaContent(html, 'twitter:image').length, path).toBeGreaterThan(0);
      expect.soft(metaContent(html, 'robots').join(), path).not.toContain('noindex');
      // JSON-LD: every block parses; the breadcrumb's matches the visible one; each page kind has its entity.
      const blocks = jsonLdBlocks(html);
      const visible = /<nav[^>]*data-testid="breadcrumb"[\s\S]*?<\/ol>/.exec(html)?.[0];
      const breadcrumb = blocks.find((block) => typesOf(block).includes('BreadcrumbList'));
      if (visible) {
        const items = (breadcrumb?.itemListElement ?? []) as { name: string; item: string }[];
        const trail = [...visible.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((match) => textOf(match[1]!));
        expect.soft(items.map((item) => item.name), `${path} breadcrumb`).toEqual(trail);
        expect.soft(items.at(-1)?.item, path).toBe(url);
      } else {
        expect.soft(breadcrumb, path).toBeUndefined();
      }
      const types = blocks.flatMap(typesOf);
      if (path.includes('/trip/')) {
        const trip = blocks.find((block) => typesOf(block).includes('TouristTrip'))!;
        expect.soft(typesOf(trip ?? {}), path).toEqual(['Product', 'TouristTrip']);
        for (const key of ['name', 'description', 'image', 'itinerary', 'provider']) expect.soft(trip, `${path} ${key}`).toHaveProperty(key);
        for (const offer of (trip.offers ?? []) as Record<string, unknown>[]) {
          expect.soft(offer.price, path).toMatch(/^\d+(\.\d+)?$/);
          expect.soft(offer.priceCurrency, path).toMatch(/^[A-Z]{3}$/);
          expect.soft(offer.availability, path).toMatch(/^https:\/\/schema\.org\//);
        }
        if (trip.aggregateRating) expect.soft((trip.review as unknown[]).length, path).toBeGreaterThan(0);
      }
      if (/^\/(mountain-guide|fr\/guide|es\/guide)\//.test(path)) expect.soft(types.some((type) => type === 'Person' || type === 'LocalBusiness'), path).toBe(true);
      if (/\/blog\/[^/]+$/.test(path)) expect.soft(types, path).toContain('BlogPosting');
      if (path === '/' || path === '/fr' || path === '/es') {
        expect.soft(types, path).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
        const site = blocks.find((block) => typesOf(block).includes('WebSite'))!;
        expect.soft(site.potentialAction, path).toMatchObject({ '@type': 'SearchAction', 'query-input': 'required name=search_term_string' });
      }
      for (const anchor of tags(html, 'a')) {
        const href = anchor.href;
        if (!href || anchor.target === '_blank') continue;
        const target = new URL(href, url);
        if (target.origin !== origin) continue;
        target.hash = '';
        if (!links.has(target.toString())) links.set(target.toString(), path);
      }
      pages.set(url, { title, description: description!, alternates, heading: textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!) });
    };

    const queue = [...listed.entries()];
    await Promise.all(Array.from({ length: 2 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await crawl(...next);
    }));

    // Reciprocal: every version a page names names the same versions back.
    for (const [url, page] of pages) {
      for (const version of Object.values(page.alternates)) expect(pages.get(version)?.alternates, `${version} ← ${url}`).toEqual(page.alternates);
    }
    // Unique titles and descriptions per page; each guide, landing or blog page has its own heading.
    for (const key of ['title', 'description', 'heading'] as const) {
      const seen = new Map<string, string>();
      for (const [url, page] of pages) {
        if (key === 'heading' && !/\/(mountain-guide|guide|blog)\/|^\/(fr\/|es\/)?[a-z0-9-]+-(in|en|au|al)-/.test(new URL(url).pathname)) continue;
        const value = `${new URL(url).pathname.slice(0, 4)} ${page[key]}`;
        expect(seen.get(value), `${url} repeats the ${key} of ${seen.get(value)}`).toBeUndefined();
        seen.set(value, url);
      }
    }
    // No broken internal link: every link of every page answers 200 (after its redirect, if any).
    const unchecked = [...links.entries()].filter(([url]) => !pages.has(url));
    await Promise.all(Array.from({ length: 2 }, async () => {
      for (let next = unchecked.shift(); next; next = unchecked.shift()) {
        const [url, from] = next;
        const response = await request.get(new URL(url).pathname + new URL(url).search);
        expect(response.status(), `${url} linked from ${from}`).toBe(200);
      }
    }));
  });

  test('every footer link of the site answers 200 in every locale', async ({ request }) => {
    // About 50 pages one after the other, while the crawl shares the server: more than the default 30 s under load.
    test.slow();
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
