'use server';

import { storeConciergeRequest, storeContactMessage, storeGiftCardRequest } from '@/lib/db/submissions';
import { env } from '@/lib/env';
import { formErrors } from '@/lib/forms/errors';
import { conciergeRequestSchema, contactMessageSchema, giftCardRequestSchema } from '@/lib/forms/request-schemas';
import { reject, validatedAction } from '@/lib/forms/validated-action';
import { giftCardMoney, giftCardOffer, GIFT_CARD_VALIDITY_MONTHS, isGiftCardAmount } from '@/lib/gift-cards/amounts';
import { conciergeRequestEmails, contactMessageEmails, giftCardRequestEmails } from '@/lib/mail/templates';
import { kickOutbox } from '@/lib/mail/worker';
import { getPricingContext } from '@/lib/server/pricing-context';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import { getVisitorCountry } from '@/lib/server/visitor-country';
import { formatReference } from '@/lib/booking/reference';

const mailSettings = () => ({ supportEmail: env.SUPPORT_EMAIL });

/** spec §3 contact form on the need-help page: to support in English with the sender's audience, acknowledged in the sender's language. */
export const sendContactMessage = validatedAction(contactMessageSchema, async (message) => {
  const stored = await storeContactMessage(
    {
      idempotencyKey: message.idempotencyKey,
      locale: message.locale,
      audience: message.audience,
      name: message.name,
      email: message.email,
      phone: message.phone,
      message: message.message,
      campaignData: message.campaignData ?? null,
    },
    (row) => contactMessageEmails({ messageId: row.id, reference: row.reference, ...message }, mailSettings()),
  );
  if (stored.created) kickOutbox();
  return { ok: true, reference: formatReference(stored.reference) };
});

/**
 * A gift card request. The amount counts only in the currency this visitor is shown (resolved on
 * the server, never taken from the form): a form opened in another currency is refused with a
 * message, and the amount must be within this currency's bounds.
 */
export const requestGiftCard = validatedAction(giftCardRequestSchema(), async (request) => {
  const pricing = await getPricingContext(THIS_VISITOR);
  const offer = giftCardOffer(pricing.conversion.rates, pricing.currency.code);
  if (request.currency !== offer.currency) return reject({ amount: formErrors.giftCardCurrency });
  if (!isGiftCardAmount(request.amount, offer)) return reject({ amount: formErrors.giftCardAmount });
  const amount = giftCardMoney(request.amount, offer.currency);
  const geo = await getVisitorCountry();
  const stored = await storeGiftCardRequest(
    {
      idempotencyKey: request.idempotencyKey,
      locale: request.locale,
      name: request.name,
      email: request.email,
      phone: request.phone,
      amountMinor: amount.amountMinor,
      currency: amount.currency,
      recipientName: request.recipientName,
      recipientEmail: request.recipientEmail,
      message: request.message,
      geo,
      campaignData: request.campaignData ?? null,
    },
    (row) =>
      giftCardRequestEmails(
        {
          requestId: row.id, reference: row.reference,
          locale: request.locale,
          name: request.name,
          email: request.email,
          phone: request.phone,
          amount,
          recipientName: request.recipientName,
          recipientEmail: request.recipientEmail,
          message: request.message,
          geo,
          validityMonths: GIFT_CARD_VALIDITY_MONTHS,
        },
        mailSettings(),
      ),
  );
  if (stored.created) kickOutbox();
  return { ok: true, reference: formatReference(stored.reference) };
});

/** A concierge request: a tailor-made trip designed by a specialist; support is notified, the requester acknowledged. */
export const requestConcierge = validatedAction(conciergeRequestSchema(), async (request) => {
  const geo = await getVisitorCountry();
  const values = {
    name: request.name,
    email: request.email,
    phone: request.phone,
    activity: request.activity,
    destination: request.destination,
    month: request.month,
    travellers: request.travellers,
    budget: request.budget,
    message: request.message,
    geo,
  };
  const stored = await storeConciergeRequest(
    { idempotencyKey: request.idempotencyKey, locale: request.locale, ...values, campaignData: request.campaignData ?? null },
    (row) => conciergeRequestEmails({ requestId: row.id, reference: row.reference, locale: request.locale, ...values }, mailSettings()),
  );
  if (stored.created) kickOutbox();
  return { ok: true, reference: formatReference(stored.reference) };
});
