import 'server-only';
import type { Database } from '../db/database';
import { getDb } from '../db/client';
import { env } from '../env';
import { logJsonLine } from '../mail/worker';
import { handleStripeEvent } from './online-payments';
import { stripeClient } from './stripe';

/** The largest webhook body read (Stripe's events are a few kilobytes). */
const MAX_BODY_BYTES = 512 * 1024;

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/**
 * A webhook delivery: 400 without a valid signature (verified by the SDK's constructEvent), 200
 * once the event is handled or was already, 500 when handling failed (Stripe delivers it again).
 * Without Stripe configured, 404: the endpoint does not exist.
 */
export async function handleStripeWebhook(payload: string, signature: string | null, db: Database = getDb()): Promise<Response> {
  const stripe = stripeClient();
  if (!stripe || !env.STRIPE_WEBHOOK_SECRET) return answer(404, { error: 'not found' });
  if (!signature || Buffer.byteLength(payload) > MAX_BODY_BYTES) return answer(400, { error: 'bad signature' });
  let event;
  // Events of connected accounts come from Stripe's Connect endpoint, signed with its own secret.
  for (const secret of [env.STRIPE_WEBHOOK_SECRET, env.STRIPE_CONNECT_WEBHOOK_SECRET]) {
    if (event || !secret) continue;
    try {
      event = stripe.webhooks.constructEvent(payload, signature, secret);
    } catch {
      // Not this secret's: try the next one.
    }
  }
  if (!event) return answer(400, { error: 'bad signature' });
  try {
    const handled = await handleStripeEvent(event, db);
    return answer(200, { received: true, duplicate: !handled });
  } catch (error) {
    logJsonLine({ level: 'error', msg: 'stripe webhook failed', eventId: event.id, type: event.type, error: error instanceof Error ? error.name : 'unknown' });
    return answer(500, { error: 'retry' });
  }
}
