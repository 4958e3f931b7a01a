import * as Sentry from '@sentry/nextjs';
import { z } from 'zod';
import { isBrowsableMonth, isCalendarMonth, MAX_MONTHS_AHEAD } from '@/lib/booking/calendar';
import { isoDayOf } from '@/lib/iso-day';
import { getTripCalendar } from '@/lib/db/queries/availability';
import { errorFields, requestIdOf, requestLogger } from '@/lib/log';

export const dynamic = 'force-dynamic';

const MAX_INT4 = 2_147_483_647;
const querySchema = z.object({
  tripId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= MAX_INT4),
  month: z.string().refine(isCalendarMonth),
});

const noStore = { 'Cache-Control': 'no-store' };
const problem = (status: number, code: string, message: string, headers: HeadersInit = noStore) =>
  Response.json({ error: { code, message } }, { status, headers });

/**
 * `GET /api/v3/trips/{tripId}/calendar?month=YYYY-MM`: one month of a trip's calendar (spec §4
 * "Calendar day states") for the calendar picker. 400 for a malformed id or month, or a month
 * before the current one or more than {@link MAX_MONTHS_AHEAD} months ahead; 404 for an unknown
 * or unpublished trip; 503 when the database cannot answer. Never stored: the booking drawer
 * reads it when it opens, so a page cached for minutes never offers a day the server would refuse.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tripId: string }> }) {
  const { tripId } = await params;
  const parsed = querySchema.safeParse({ tripId, month: new URL(request.url).searchParams.get('month') ?? '' });
  if (!parsed.success) return problem(400, 'BAD_REQUEST', 'Expected a numeric trip id and ?month=YYYY-MM.');
  const today = isoDayOf(new Date());
  if (!isBrowsableMonth(parsed.data.month, today)) {
    return problem(400, 'BAD_REQUEST', `The month must be between the current month and ${MAX_MONTHS_AHEAD} months ahead.`);
  }

  let calendar;
  try {
    calendar = await getTripCalendar(parsed.data.tripId, parsed.data.month, today);
  } catch (error) {
    Sentry.captureException(error);
    requestLogger(requestIdOf(request.headers)).error({ ...errorFields(error), tripId: parsed.data.tripId }, 'trip calendar failed');
    return problem(503, 'SERVICE_UNAVAILABLE', 'Availability cannot be read right now.', { ...noStore, 'Retry-After': '10' });
  }
  if (!calendar) return problem(404, 'NOT_FOUND', 'No published trip has this id.');
  return Response.json(calendar, { headers: noStore });
}
