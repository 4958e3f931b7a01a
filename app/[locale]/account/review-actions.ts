'use server';

import { redirect } from 'next/navigation';
import { safeNextPath } from '@/lib/auth/tokens';
import { hideReview, replyToReview } from '@/lib/db/queries/reviews';
import { hideReviewSchema, reviewReplySchema, translateReviewSchema } from '@/lib/forms/account-schemas';
import { formErrors, type Submitted } from '@/lib/forms/errors';
import { asFormData } from '@/lib/forms/as-form-data';
import { reject, validatedAction } from '@/lib/forms/validated-action';
import { defaultLocale, isLocale } from '@/lib/locales';
import { invalidateReviewPages, invalidateTrip } from '@/lib/server/invalidate';
import { reviewTranslationEnabled, translateReview } from '@/lib/server/review-translation';
import { getSignedInUser } from '@/lib/server/session';

const done = (review: string): { ok: true } & Submitted => ({ ok: true, reference: review });

/** The guide of a reviewed trip answers the review once, in public; it shows under the review at once. */
export const replyToTripReview = validatedAction(reviewReplySchema, async (input) => {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  if (user.role !== 'guide' || user.guideId === null) return reject({ form: formErrors.notYours });
  const outcome = await replyToReview(user.guideId, input.review, input.reply);
  if (!outcome.ok) return reject(outcome.reason === 'alreadyReplied' ? { form: formErrors.alreadyReplied } : { form: formErrors.reviewNotFound });
  invalidateReviewPages(outcome.tripId, user.guideId);
  return done(input.review);
});

/** Support hides a review that breaks the rules, with its reason: it leaves pages, averages, counts and the search's ratings at once. */
export const hideTripReview = validatedAction(hideReviewSchema, async (input) => {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  if (user.role !== 'support') return reject({ form: formErrors.notYours });
  const hidden = await hideReview(input.review, input.reason, user.id);
  if (!hidden) return reject({ form: formErrors.reviewNotFound });
  await invalidateTrip(hidden.tripId);
  return done(input.review);
});

/**
 * A reader asks for a review's DeepL translation into the page's language (a plain form action, so
 * it works before any code loads); stored once, then shown to every reader of that language. Back to
 * the page the form was on, at the review list.
 */
export async function translateTripReview(input: FormData): Promise<void> {
  const form = asFormData(input);
  const locale = isLocale(form.get('locale')) ? (form.get('locale') as typeof defaultLocale) : defaultLocale;
  const back = safeNextPath(form.get('back'), `/${locale}`).split('#')[0]!;
  const parsed = translateReviewSchema.safeParse({ locale: form.get('locale'), review: form.get('review') });
  if (parsed.success && reviewTranslationEnabled()) {
    const outcome = await translateReview(parsed.data.review, parsed.data.locale);
    if (outcome.ok && outcome.stored) invalidateReviewPages(outcome.tripId, outcome.guideId);
  }
  redirect(`${back}#reviews`);
}
