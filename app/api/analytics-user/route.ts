import { getSignedInUser } from '@/lib/server/session';
import { analyticsUserId } from '@/lib/tracking/measurement-config';

/**
 * The signed-in visitor's analytics user_id (spec §3: `user-<account id>`, never the e-mail), asked
 * by the measurement island after consent: pages are cached for every visitor, so they
 * cannot carry it. Never cached; null when signed out or when the database cannot say.
 */
export async function GET() {
  const user = await getSignedInUser().catch(() => null);
  return Response.json({ userId: analyticsUserId(user?.id) }, { headers: { 'cache-control': 'private, no-store' } });
}
