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
  priceInvalid: 'priceInvalid',
  groupSizeInvalid: 'groupSizeInvalid',
  pricesRequired: 'pricesRequired',
  groupSizeTwice: 'groupSizeTwice',
  openSpotsTooMany: 'openSpotsTooMany',
  pastDeparture: 'pastDeparture',
  seasonInvalid: 'seasonInvalid',
  rangeTooLong: 'rangeTooLong',
  pastRange: 'pastRange',
  reviewRating: 'reviewRatingRequired',
} as const;

export type FormErrorKey = (typeof formErrors)[keyof typeof formErrors];

/**
 * A message key with the numbers its text states (a limit, spots left), as the one string a zod
 * issue carries: `tooLong?max=1000`. The form and the Server Action read it back with readFormMessage.
 */
export function limitMessage(key: FormErrorKey, values: Record<string, number>): string {
  return `${key}?${new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)]))}`;
}

/** The key and the ICU values of a schema's message (a bare key has no values). */
export function readFormMessage(message: string): { key: string; values: Record<string, number> } {
  const at = message.indexOf('?');
  if (at === -1) return { key: message, values: {} };
  const values: Record<string, number> = {};
  for (const [name, value] of new URLSearchParams(message.slice(at + 1))) {
    const number = Number(value);
    if (/^\w+$/.test(name) && Number.isFinite(number)) values[name] = number;
  }
  return { key: message.slice(0, at), values };
}

/** What a traveller's submission answers once stored: its opaque reference (never the row's id). */
export type Submitted = { reference: string };

/** What a Server Action answers: stored (with the stored row's id or reference), or translated errors per field. */
export type ActionResult<T = { id: number }> =
  | ({ ok: true } & T)
  | {
      ok: false;
      formError: string;
      fieldErrors: Record<string, string>;
      /** Sending the same form again later may work (database down, too fast, rate limit). */
      retryable?: boolean;
      /** Refused by the rate limit (the HTTP 429 of a form): minutes until it accepts again. */
      retryAfterMinutes?: number;
    };
