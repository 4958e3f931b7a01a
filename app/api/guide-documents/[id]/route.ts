import { getGuideDocument } from '@/lib/db/queries/guide-applications';
import { getSignedInUser } from '@/lib/server/session';

const notFound = () => new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } });

/**
 * A guide's certification document, to support only (anyone else, signed out included, gets the same
 * 404 as for a document that does not exist). Served as an attachment with its type as read from its
 * bytes, never sniffed nor cached.
 */
export async function GET(_request: Request, { params }: RouteContext<'/api/guide-documents/[id]'>) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return notFound();
  const user = await getSignedInUser();
  if (user?.role !== 'support') return notFound();
  const document = await getGuideDocument(Number(id));
  if (!document) return notFound();
  return new Response(new Uint8Array(document.content), {
    headers: {
      'content-type': document.mediaType,
      'content-disposition': `attachment; filename="${document.fileName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}
