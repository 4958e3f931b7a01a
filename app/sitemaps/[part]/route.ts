import { siteSitemapEntries } from '@/lib/server/sitemap';
import { sitemapPages, urlsetXml } from '@/lib/sitemap-xml';

// Read from the database on request.
export const dynamic = 'force-dynamic';

/** `/sitemaps/{n}.xml`: the n-th child of the sitemap index (`/sitemap.xml` says when there is one). */
export async function GET(_request: Request, { params }: RouteContext<'/sitemaps/[part]'>) {
  const match = /^(\d+)\.xml$/.exec((await params).part);
  const pages = sitemapPages(await siteSitemapEntries());
  const entries = match && pages.length > 1 ? pages[Number(match[1])] : undefined;
  if (!entries) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(urlsetXml(entries), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
