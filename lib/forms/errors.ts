import type { z } from 'zod';
import type { DepartureRefusal } from '../booking/availability';
import { readFormMessage } from './form-state';

export { initialFormState, readFormMessage } from './form-state';

/**
 * spec §5 validation messages, as keys of the `Forms.errors` messages. Schemas put these keys in
 * their issues; the form (client) and the Server Action (server) translate them.
 */
export const formErrors = {
  dateRange: 'dateRangeInvalid',
  phone: 'phoneInvalid',
  email: 'emailInvalid',
  travellers: 'travellersInvalid',
  days: 'daysInvalid',
  firstName: 'firstNameRequired',
  lastName: 'lastNameRequired',
  fullName: 'fullNameRequired',
  questions: 'questionsRequired',
  comment: 'commentTooShort',
  checkData: 'checkData',
  fillEmail: 'fillEmail',
  terms: 'termsRequired',
  tooLong: 'tooLong',
  spotsLeft: 'spotsLeft',
  openGroup: 'openGroupUnavailable',
  datesPast: 'datesPast',
  datesOutOfSeason: 'datesOutOfSeason',
  datesGuideUnavailable: 'datesGuideUnavailable',
  datesSoldOut: 'datesSoldOut',
  monthFull: 'monthFull',
  proposalOutOfSeason: 'proposalOutOfSeason',
  proposalGuideUnavailable: 'proposalGuideUnavailable',
  joinAddressLimit: 'joinAddressLimit',
  joinClientLimit: 'joinClientLimit',
  retry: 'retryLater',
  idempotencyConflict: 'alreadySentOtherwise',
  // Request forms (contact, gift cards, concierge).
  audience: 'audienceRequired',
  message: 'messageRequired',
  destination: 'destinationRequired',
  giftCardAmount: 'giftCardAmountInvalid',
  giftCardCurrency: 'giftCardCurrencyChanged',
  // Account area.
  signedOut: 'signedOut',
  notYours: 'requestNotFound',
  requestStatus: 'requestStatusChanged',
  proposalPrice: 'proposalPrice',
  refundAmount: 'refundAmount',
  amountFormat: 'amountFormat',
  refundDecimals: 'refundDecimals',
  refundTooMuch: 'refundTooMuch',
  alreadyCancelled: 'alreadyCancelled',
  alreadyCancelledRefunded: 'alreadyCancelledRefunded',
  priceInvalid: 'priceInvalid',
  groupSizeInvalid: 'groupSizeInvalid',
  pricesRequired: 'pricesRequired',
  groupSizeTwice: 'groupSizeTwice',
  openSpotsTooMany: 'openSpotsTooMany',
  pastDeparture: 'pastDeparture',
  datesInsideLeadTime: 'datesInsideLeadTime',
  leadDaysInvalid: 'leadDaysInvalid',
  seasonInvalid: 'seasonInvalid',
  capacityInvalid: 'capacityInvalid',
  rangeTooLong: 'rangeTooLong',
  pastRange: 'pastRange',
  reviewRating: 'reviewRatingRequired',
  // Guide applications and profiles.
  companyType: 'companyTypeRequired',
  basePlace: 'basePlaceNotFound',
  guideLanguages: 'guideLanguagesRequired',
  certification: 'certificationRequired',
  certificationNumber: 'certificationNumberRequired',
  certificationIssuer: 'certificationIssuerRequired',
  insurer: 'insurerRequired',
  policyNumber: 'policyNumberRequired',
  insuranceExpiry: 'insuranceExpiryInvalid',
  website: 'websiteInvalid',
  guideBio: 'guideBioRequired',
  document: 'documentRequired',
  documentType: 'documentType',
  documentSize: 'documentTooLarge',
  alreadyGuide: 'alreadyGuide',
  declineReason: 'declineReasonRequired',
  alreadyDecided: 'applicationAlreadyDecided',
  responseHours: 'responseHoursInvalid',
  reviewAspect: 'reviewAspectRequired',
  alreadyReviewed: 'alreadyReviewed',
  // Review photos (lib/forms/review-photos.ts).
  reviewPhotoAlt: 'reviewPhotoAltRequired',
  reviewPhotoTooLarge: 'reviewPhotoTooLarge',
  reviewPhotosTooLarge: 'reviewPhotosTooLarge',
  reviewPhotosTooMany: 'reviewPhotosTooMany',
  reviewPhotoType: 'reviewPhotoType',
  reviewPhotoHeic: 'reviewPhotoHeic',
  reviewPhotoPixels: 'reviewPhotoPixels',
  reviewPhotoSmall: 'reviewPhotoSmall',
  reviewPhotoUnreadable: 'reviewPhotoUnreadable',
  reviewPhotosBusy: 'reviewPhotosBusy',
  reviewPhotosRateLimited: 'reviewPhotosRateLimited',
  alreadyReplied: 'alreadyReplied',
  reviewNotFound: 'reviewNotFound',
  hideReason: 'hideReasonRequired',
  translationUnavailable: 'translationUnavailable',
  // Trip authoring.
  activitiesRequired: 'activitiesRequired',
  languagesRequired: 'languagesRequired',
  tripDaysInvalid: 'tripDaysInvalid',
  minDaysInvalid: 'minDaysInvalid',
  discountInvalid: 'discountInvalid',
  includedTwice: 'includedTwice',
  placeRequired: 'placeRequired',
  placeNotFound: 'placeNotFound',
  titleRequired: 'titleRequired',
  slugInvalid: 'slugInvalid',
  slugTaken: 'slugTaken',
  summaryRequired: 'summaryRequired',
  descriptionRequired: 'descriptionRequired',
  regionRequired: 'regionRequired',
  faqAnswerMissing: 'faqAnswerMissing',
  tripIncomplete: 'tripIncomplete',
  tripNotSubmittable: 'tripNotSubmittable',
  tripAlreadyDecided: 'tripAlreadyDecided',
  currencyChoice: 'currencyChoice',
  currencyRatesMissing: 'currencyRatesMissing',
  guideNotApproved: 'guideNotApproved',
} as const;

export type FormErrorKey = (typeof formErrors)[keyof typeof formErrors];

/** What a traveller reads when the server refuses dates a page offered (the calendar's day state that refused them). */
export const departureErrors: Record<DepartureRefusal, FormErrorKey> = {
  past: formErrors.datesPast,
  too_soon: formErrors.datesInsideLeadTime,
  out_of_season: formErrors.datesOutOfSeason,
  guide_unavailable: formErrors.datesGuideUnavailable,
  sold_out: formErrors.datesSoldOut,
};

/** What a guide reads when the dates they propose or confirm cannot be booked. */
export const guideDepartureErrors: Record<DepartureRefusal, FormErrorKey> = {
  past: formErrors.pastDeparture,
  // A guide's own proposal is not held to their lead time: never returned for it.
  too_soon: formErrors.pastDeparture,
  out_of_season: formErrors.proposalOutOfSeason,
  guide_unavailable: formErrors.proposalGuideUnavailable,
  sold_out: formErrors.monthFull,
};

/**
 * A message key with the numbers its text states (a limit, spots left), as the one string a zod
 * issue carries: `tooLong?max=1000`. The form and the Server Action read it back with readFormMessage.
 */
export function limitMessage(key: FormErrorKey, values: Record<string, number>): string {
  return `${key}?${new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)]))}`;
}

const knownKeys = new Set<string>(Object.values(formErrors));

/**
 * The first issue of each field, as its message (a key, or a limitMessage; spec §5 'Please check
 * data.' for the unexpected): by top-level name (`phone`), or a list row's field by its path (`entries.2.price`).
 */
export function issuesByField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const [name, index, inRow] = issue.path;
    const field = typeof index === 'number' && inRow !== undefined ? `${String(name)}.${index}.${String(inRow)}` : String(name ?? 'form');
    if (field in fields) continue;
    fields[field] = knownKeys.has(readFormMessage(issue.message).key) ? issue.message : formErrors.checkData;
  }
  return fields;
}

/** What a traveller's submission answers once stored: its opaque reference (never the row's id). */
export type Submitted = { reference: string };

/** Where a form stands: not sent yet, stored (the thank-you), or refused (its messages shown). */
export type FormStatus = 'idle' | 'sent' | 'refused';

/**
 * What a form's Server Action answers, serialisable, for `useActionState` (drawn again by the server
 * after a POST without JavaScript, or in place once hydrated): translated messages per field and for
 * the form, the text that was sent (the form is drawn again with it), and the handler's result.
 */
export type FormState<T = { id: number }> = {
  status: FormStatus;
  formError: string | null;
  fieldErrors: Record<string, string>;
  /** What was sent, by dotted field name (never the honeypot). */
  values: Record<string, string>;
  /** What the handler answered once stored (the thank-you's reference), else null. */
  result: T | null;
  /** Sending the same form again later may work (database down, too fast, rate limit). */
  retryable?: boolean;
  /** Refused by the rate limit (the HTTP 429 of a form): minutes until it accepts again. */
  retryAfterMinutes?: number;
};

/** A form's Server Action: usable by `useActionState` and as a `<form action>`. */
export type FormAction<T = { id: number }> = (state: FormState<T>, formData: FormData) => Promise<FormState<T>>;
