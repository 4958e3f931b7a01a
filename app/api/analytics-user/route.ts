import { getAnalyticsId } from '@/lib/db/queries/accounts';
import { getSignedInUser } from '@/lib/server/session';

/**
 * The signed-in visitor's analytics user_id (spec §3: the account's random analytics id, stable
 * per account, never its row id nor its e-mail), asked by the measurement island after consent:
 * pages are cached for every visitor, so they cannot carry it. Never cached; null when signed out
 * or when the database cannot say.
 */
export async function GET() {
  const user = await getSignedInUser().catch(() => null);
  const userId = user ? await getAnalyticsId(user.id).catch(() => null) : null;
  return Response.json({ userId }, { headers: { 'cache-control': 'private, no-store' } });
}
