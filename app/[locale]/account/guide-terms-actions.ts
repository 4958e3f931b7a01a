'use server';

import { saveGuideTerms as storeGuideTerms } from '@/lib/db/queries/guide-terms';
import { formErrors } from '@/lib/forms/errors';
import { guideTermsSchema } from '@/lib/forms/guide-terms-schema';
import { reject, validatedAction } from '@/lib/forms/validated-action';
import { invalidateGuideTrips } from '@/lib/server/invalidate';
import { getSignedInUser } from '@/lib/server/session';

/** A guide sets their lead time and the payment instructions travellers read once a booking is confirmed (payments off). */
export const saveGuideTerms = validatedAction(guideTermsSchema, async (input) => {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  if (user.role !== 'guide' || user.guideId === null) return reject({ form: formErrors.notYours });
  const tripIds = await storeGuideTerms(user.guideId, { leadDays: input.leadDays, paymentInstructions: input.paymentInstructions });
  invalidateGuideTrips(user.guideId, tripIds);
  return { ok: true as const };
});
