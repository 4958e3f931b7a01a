import { z } from 'zod';
import { env } from '@/lib/env';
import { runPayments } from '@/lib/server/payments';

const body = z.object({ at: z.iso.datetime(), requestId: z.number().int().positive() });

/**
 * Test hook (PAYMENTS_CLOCK_ROUTE=1, off by default: 404): runs the payments scheduler as if it were
 * `at`, for one booking only, so an e2e test moves the clock to its remainder's date.
 */
export async function POST(request: Request) {
  if (env.PAYMENTS_CLOCK_ROUTE !== '1') return new Response('Not found', { status: 404 });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'bad request' }, { status: 400 });
  const result = await runPayments(new Date(parsed.data.at), undefined, parsed.data.requestId);
  return Response.json(result, { headers: { 'cache-control': 'no-store' } });
}
