import { siteSitemapEntries } from '@/lib/server/sitemap';
import { absoluteUrl } from '@/lib/site-config';
import { latestModification, sitemapIndexXml, sitemapPages, urlsetXml } from '@/lib/sitemap-xml';

// Read from the database on request.
export const dynamic = 'force-dynamic';

const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8' };

/** `/sitemap.xml`: every page when they fit one sitemap, else an index of `/sitemaps/{n}.xml`. */
export async function GET() {
  const pages = sitemapPages(await siteSitemapEntries());
  if (pages.length <= 1) return new Response(urlsetXml(pages[0] ?? []), { headers: XML_HEADERS });
  return new Response(sitemapIndexXml(pages.map((entries, index) => ({ url: absoluteUrl(`/sitemaps/${index}.xml`), lastModified: latestModification(entries) }))), { headers: XML_HEADERS });
}
