import { startFakeStripe } from './fake-stripe';

/**
 * The fake Stripe as a process of its own, for Playwright (playwright.config.ts): it listens on
 * FAKE_STRIPE_PORT and posts every event it produces, signed with STRIPE_WEBHOOK_SECRET, to
 * STRIPE_WEBHOOK_URL (the app's /api/payments/webhook), as Stripe's webhook would.
 */
const port = Number(process.env.FAKE_STRIPE_PORT || 3720);
const webhookUrl = process.env.STRIPE_WEBHOOK_URL ?? '';
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? '';
if (!webhookUrl || !webhookSecret) throw new Error('STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET are required');

async function main() {
const fake = await startFakeStripe({
  port,
  webhookSecret,
  deliver: async (event) => {
    const response = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, body: event.payload, signal: AbortSignal.timeout(10_000) });
    // A server error or a refusal for load is tried again (fake-stripe.ts); any other answer is final.
    if (response.status >= 500 || response.status === 429) throw new Error(`answered ${response.status}`);
    if (!response.ok) console.error(`fake stripe: ${event.type} answered ${response.status}`);
  },
});
console.log(`fake stripe on ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
}

void main();
