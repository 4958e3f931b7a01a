import 'server-only';
import Stripe from 'stripe';
import { env } from '../env';
import type { PaymentSettings } from '../payments/plan';

const globalForStripe = globalThis as unknown as { cordeeStripe?: Stripe | null };

/** Whether online payment is on (STRIPE_SECRET_KEY set); off, the site makes no call to Stripe at all. */
export function paymentsEnabled(): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}

/** How bookings are paid here: online or through the guide, and the remainder's day (lib/payments/plan.ts). */
export function paymentSettings(): PaymentSettings {
  return { online: paymentsEnabled(), remainderDaysBefore: env.REMAINDER_DAYS_BEFORE };
}

/**
 * The Stripe client from the environment, or null without STRIPE_SECRET_KEY. STRIPE_API_BASE
 * points it at a local fake (tests, e2e) through the SDK's own host, port and protocol options.
 */
export function stripeClient(): Stripe | null {
  if (globalForStripe.cordeeStripe !== undefined) return globalForStripe.cordeeStripe;
  const key = env.STRIPE_SECRET_KEY;
  let client: Stripe | null = null;
  if (key) {
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
    client = new Stripe(key, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }
  globalForStripe.cordeeStripe = client;
  return client;
}

/** An error's kind and code for the log, never its request (which may hold personal details). */
export function stripeErrorText(error: unknown): string {
  if (error && typeof error === 'object' && 'type' in error) {
    const { type, code } = error as { type?: string; code?: string };
    return `${type ?? 'StripeError'}${code ? `: ${code}` : ''}`;
  }
  return error instanceof Error ? error.name : 'unknown';
}

/** The id of an expandable Stripe field, whether Stripe sent the id or the object. */
export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
