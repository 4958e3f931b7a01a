import { getTranslations } from 'next-intl/server';
import { activities, type Activity } from '@/lib/catalogue/vocabulary';
import { suggestDestinations } from '@/lib/db/queries/suggest';
import { isLocale } from '@/lib/locales';
import { errorFields, logger } from '@/lib/log';
import { MAX_SUGGEST_QUERY, MIN_SUGGEST_QUERY } from '@/lib/search/suggest';
import { normalizePlaceText } from '@/lib/search/place-text';
import { refusedByLimit } from '@/lib/server/endpoint-limit';

/**
 * Destination search as you type: `GET /api/suggest?q=cham&locale=fr` → `{ items: [{ kind, label,
 * detail, href }] }`, at most 8, in the page's language. The same question gets the same answer
 * for a few minutes, so it is cacheable by browsers and shared caches; a `q` too long or a
 * locale unknown is a 400, never a 500 (without the database, places and activities still come);
 * a client past its per-minute allowance gets 429 with Retry-After.
 */
const CACHE = 'public, max-age=300, stale-while-revalidate=600';

export async function GET(request: Request) {
  // Each client's own per-minute allowance (docs/decisions/0274): past it 429 with Retry-After.
  const refused = await refusedByLimit('suggest', request);
  if (refused) return refused;
  const params = new URL(request.url).searchParams;
  const q = params.get('q') ?? '';
  const locale = params.get('locale') ?? 'en';
  if (!isLocale(locale) || q.length > MAX_SUGGEST_QUERY) {
    return Response.json({ error: 'invalid' }, { status: 400, headers: { 'cache-control': 'public, max-age=300' } });
  }
  if (normalizePlaceText(q).length < MIN_SUGGEST_QUERY) return Response.json({ items: [] }, { headers: { 'cache-control': CACHE } });
  try {
    const catalogue = await getTranslations({ locale, namespace: 'Catalogue' });
    const activity = Object.fromEntries(activities.map((key) => [key, catalogue(`activity.${key}`)])) as Record<Activity, string>;
    const { items, complete } = await suggestDestinations(q, locale, { activity });
    // A partial answer (the database did not answer) is not kept.
    return Response.json({ items }, { headers: { 'cache-control': complete ? CACHE : 'no-store' } });
  } catch (error) {
    logger().warn(errorFields(error), 'suggestions failed');
    return Response.json({ items: [] }, { headers: { 'cache-control': 'no-store' } });
  }
}
