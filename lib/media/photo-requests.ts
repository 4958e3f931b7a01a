import 'server-only';
import { editableTrip } from '../db/queries/trip-photos';
import { requestContext } from '../server/request-context';
import { invalidateTripPages } from '../server/invalidate';
import { getSignedInUser } from '../server/session';
import { isSameOrigin } from '../security/submission-guard';

/** The photo API's answers: JSON, never cached; `error` is a key of PhotoUploader.errors. */
export const photoAnswer = (body: object, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'cache-control': 'private, no-store', ...headers } });
export const photoError = (error: string, status: number, headers: Record<string, string> = {}) => photoAnswer({ error }, status, headers);

/**
 * The signed-in user and the trip of a photo API request, when the user may edit that trip's
 * photos (its guide's members, support); else the answer to send. Writes must come from this
 * site's own pages (Origin, Sec-Fetch-Site), like every form.
 */
export async function photoEditorFor(tripIdParam: string, { write }: { write: boolean }) {
  const context = await requestContext();
  if (write && !isSameOrigin(context)) return { refused: photoError('crossOrigin', 403) } as const;
  const user = await getSignedInUser();
  if (!user) return { refused: photoError('signedOut', 401) } as const;
  const tripId = /^\d{1,9}$/.test(tripIdParam) ? Number(tripIdParam) : NaN;
  const trip = await editableTrip(user, tripId);
  if (!trip) return { refused: photoError('notYourTrip', 404) } as const;
  return { user, trip, ip: context.ip } as const;
}

/** After a change: the trip's pages and every list of trips (cards show the cover) expire. */
export const photosChanged = (tripId: number): void => invalidateTripPages(tripId);
