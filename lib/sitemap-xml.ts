/**
 * The sitemaps protocol's XML (sitemaps.org, with Google's `xhtml:link` language alternates), for
 * `/sitemap.xml` and its children. Pure: the route handlers give it absolute URLs.
 */
export type SitemapEntry = {
  url: string;
  /** From the data (the entity's `updated_at`); left out when the page has no date of its own. */
  lastModified?: Date;
  /** hreflang → absolute URL, `x-default` included. */
  alternates: Record<string, string>;
};

/** Entries per child sitemap; the protocol allows 50,000 (and 50 MB), alternates make each entry long. */
export const SITEMAP_PAGE_SIZE = 10_000;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** One `<urlset>` whose every `<url>` lists all its language versions, itself included, as the protocol asks. */
export function urlsetXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const links = Object.entries(entry.alternates).map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${escapeXml(lang)}" href="${escapeXml(href)}"/>`);
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(entry.url)}</loc>${lastmod}${links.join('')}</url>`;
  });
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` of child sitemaps, each with the latest `lastmod` of its entries. */
export function sitemapIndexXml(children: readonly { url: string; lastModified?: Date }[]): string {
  const items = children.map((child) => `<sitemap><loc>${escapeXml(child.url)}</loc>${child.lastModified ? `<lastmod>${child.lastModified.toISOString()}</lastmod>` : ''}</sitemap>`);
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** The entries split into pages of `size`, in order. */
export function sitemapPages<T>(entries: readonly T[], size: number = SITEMAP_PAGE_SIZE): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < entries.length; start += size) pages.push(entries.slice(start, start + size));
  return pages;
}

/** The newest date among entries, if any has one. */
export function latestModification(entries: readonly SitemapEntry[]): Date | undefined {
  let latest: Date | undefined;
  for (const entry of entries) if (entry.lastModified && (!latest || entry.lastModified > latest)) latest = entry.lastModified;
  return latest;
}
