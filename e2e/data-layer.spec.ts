import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { locales } from './support';

const dataDir = 'lib/db/seed/data';
const seededTrips = existsSync(dataDir)
  ? readdirSync(dataDir)
      .filter((name) => /^trips-.*\.json$/.test(name))
      .flatMap((name) => JSON.parse(readFileSync(`${dataDir}/${name}`, 'utf8')) as { slugs: Record<string, string> }[])
  : [];
const tripPrefix = { en: '/trip/', fr: '/fr/trip/', es: '/es/trip/' } as const;

test.describe('data layer', () => {
  test('the sitemap lists every seeded trip in every locale, with alternates', async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    for (const locale of locales) {
      const tripUrls = urls.filter((path) => path.startsWith(tripPrefix[locale]));
      expect(tripUrls.length, locale).toBe(seededTrips.length);
      for (const trip of seededTrips) expect(tripUrls).toContain(`${tripPrefix[locale]}${trip.slugs[locale]}`);
    }
    expect(urls).toContain('/');
    expect(urls).toContain('/fr/a-propos');
    expect(urls).toContain('/es/sobre-nosotros');
    expect(xml).toContain('hreflang="x-default"');
    expect(xml).toContain(`${baseURL}/fr`);
  });

  test('health and readiness', async ({ request }) => {
    expect((await request.get('/api/health')).status()).toBe(200);
    const ready = await request.get('/api/ready');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});
