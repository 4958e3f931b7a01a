import { describe, expect, it } from 'vitest';
import { latestModification, sitemapIndexXml, sitemapPages, urlsetXml } from '@/lib/sitemap-xml';

describe('urlsetXml', () => {
  it('lists each URL with its lastmod and every alternate, escaped', () => {
    const xml = urlsetXml([
      { url: 'https://x/fr/a?b=1&c=2', lastModified: new Date('2026-01-02T03:04:05Z'), alternates: { en: 'https://x/a', fr: 'https://x/fr/a?b=1&c=2', 'x-default': 'https://x/a' } },
      { url: 'https://x/about', alternates: { en: 'https://x/about' } },
    ]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain('<url><loc>https://x/fr/a?b=1&amp;c=2</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod><xhtml:link rel="alternate" hreflang="en" href="https://x/a"/>');
    expect(xml).toContain('hreflang="x-default" href="https://x/a"');
    expect(xml).toContain('<url><loc>https://x/about</loc><xhtml:link');
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });
});

describe('sitemap index', () => {
  it('splits entries in pages and lists children with their latest lastmod', () => {
    expect(sitemapPages([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(sitemapPages([], 2)).toEqual([]);
    const latest = latestModification([
      { url: 'a', alternates: {}, lastModified: new Date('2026-01-01') },
      { url: 'b', alternates: {} },
      { url: 'c', alternates: {}, lastModified: new Date('2026-03-01') },
    ]);
    expect(latest).toEqual(new Date('2026-03-01'));
    const xml = sitemapIndexXml([{ url: 'https://x/sitemaps/0.xml', lastModified: latest }, { url: 'https://x/sitemaps/1.xml' }]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<sitemap><loc>https://x/sitemaps/0.xml</loc><lastmod>2026-03-01T00:00:00.000Z</lastmod></sitemap>');
    expect(xml).toContain('<sitemap><loc>https://x/sitemaps/1.xml</loc></sitemap>');
  });
});
