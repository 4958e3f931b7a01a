import { z } from 'zod';
import { env } from '@/lib/env';
import { parseReference } from '@/lib/booking/reference';
import { bookingRequestIdOf } from '@/lib/db/queries/account-requests';
import { runPayments } from '@/lib/payments/online-payments';
import { inviteReviews } from '@/lib/db/queries/request-endings';
import { isoDayOf } from '@/lib/iso-day';
import { kickOutbox } from '@/lib/mail/worker';
import { endingEmails } from '@/lib/server/reply-promise';

const body = z.object({ at: z.iso.datetime(), reference: z.string().transform((text) => parseReference(text) ?? '') });

/**
 * Test hook (PAYMENTS_CLOCK_ROUTE=1, off by default: 404): runs the payments scheduler as if it were
 * `at`, for one booking only (named by its reference, as the page shows it), so an e2e test moves
 * the clock to its remainder's date, or past the trip's end (the review invitation, as the scheduler
 * would send it that day). It answers the booking's row id too, for the test that checks no page shows it.
 */
export async function POST(request: Request) {
  if (env.PAYMENTS_CLOCK_ROUTE !== '1') return new Response('Not found', { status: 404 });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'bad request' }, { status: 400 });
  const requestId = await bookingRequestIdOf(parsed.data.reference);
  if (requestId === null) return Response.json({ error: 'not found' }, { status: 404 });
  const at = new Date(parsed.data.at);
  const result = await runPayments(at, undefined, requestId);
  const invited = await inviteReviews(endingEmails(), isoDayOf(at), at, undefined, requestId);
  if (invited > 0) kickOutbox();
  return Response.json({ ...result, invited, requestId }, { headers: { 'cache-control': 'no-store' } });
}
