'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getGuideContact } from '@/lib/db/queries/guide-payouts';
import { localeField } from '@/lib/forms/fields';
import { asFormData } from '@/lib/forms/as-form-data';
import { defaultLocale } from '@/lib/locales';
import { startStripeOnboarding } from '@/lib/payments/connect';
import { accountPath } from '@/lib/routing/account-pages';
import { getSignedInUser } from '@/lib/server/session';

const onboardingSchema = z.object({ locale: localeField });

/**
 * A guide connects (or finishes) their Stripe Express account: a plain form action, working before
 * any code loads, that sends the guide to Stripe's onboarding page (Account Links). The account is
 * the signed-in guide's own, never one a form names; a refusal comes back to the guide area.
 */
export async function connectStripeAccount(input: FormData): Promise<void> {
  const parsed = onboardingSchema.safeParse({ locale: asFormData(input).get('locale') });
  const locale = parsed.success ? parsed.data.locale : defaultLocale;
  const back = accountPath('guide', locale);
  const user = await getSignedInUser();
  if (!user) redirect(`${accountPath('sign-in', locale)}&next=${encodeURIComponent(back)}`);
  const guide = user.role === 'guide' && user.guideId !== null ? await getGuideContact(user.guideId) : null;
  if (!guide) redirect(back);
  const outcome = await startStripeOnboarding(guide, locale);
  redirect(outcome.ok ? outcome.url : `${back}&stripe=unavailable#earnings`);
}
