import { handleStripeWebhook } from '@/lib/payments/webhook';

/**
 * Stripe's webhook: the signature is verified with the SDK against STRIPE_WEBHOOK_SECRET (400 when
 * it does not match, nothing changes), and every event is handled once, in any order.
 */
export async function POST(request: Request) {
  return handleStripeWebhook(await request.text(), request.headers.get('stripe-signature'));
}
