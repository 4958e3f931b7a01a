import { describe, expect, it } from 'vitest';
import { paymentPlan } from '@/lib/payments/plan';
import { guideCancelledEmails, guideReplyEmail, paymentEmail, replyEscalationEmails, replyReminderEmail, requestExpiredEmail, requestStatusEmail, reviewInvitationEmail, signInEmail, travellerMessageEmail } from '@/lib/mail/templates';

const settings = { supportEmail: 'support@cordee.example' };
const promise = {
  requestId: 42, reference: 'K7Q4MZ2T',
  locale: 'fr' as const,
  traveller: { firstName: 'Jeanne', email: 'jeanne@example.com' },
  guide: { name: 'Chamonix Alpine Guides', email: 'guides@example.com', emailLocale: 'es' as const },
  guideId: 7,
  tripTitles: { en: 'Tour du Mont Blanc', fr: 'Tour du Mont-Blanc', es: 'Tour del Mont Blanc' },
  hours: 13,
  urls: { guide: 'https://cordee.example/account/guide?lan=es', support: 'https://cordee.example/account/support?lan=en' },
};

describe('account e-mails, each in its reader\'s language', () => {
  it('sends the sign-in link once per submission, with its expiry', () => {
    const email = signInEmail({ email: 'ada@example.com', locale: 'es', url: 'https://cordee.example/account/sign-in?lan=es&token=abc', minutes: 15 }, settings, 'sign-in:key');
    expect(email).toMatchObject({ dedupeKey: 'sign-in:key', recipient: 'ada@example.com', locale: 'es', subject: 'Tu enlace para iniciar sesión en Cordée' });
    expect(email.text).toContain('https://cordee.example/account/sign-in?lan=es&token=abc');
    expect(email.text).toContain('15 minutos');
  });

  it('never links a sign-in button anywhere but http(s)', () => {
    const email = signInEmail({ email: 'ada@example.com', locale: 'en', url: 'javascript:alert(1)', minutes: 15 }, settings, 'sign-in:bad');
    expect(email.html).not.toContain('javascript:');
  });

  it('brings a guide\'s reply and proposal to the traveller', () => {
    const email = guideReplyEmail(
      { thread: 'booking:3', messageId: 9, locale: 'fr', traveller: { name: 'Jeanne', email: 'jeanne@example.com' }, guideName: 'Ana', tripTitle: 'Tour du Mont-Blanc', reply: 'Oui !', myTripsUrl: 'https://cordee.example/account/bookings?lan=fr', proposal: { dates: '1–7 juin 2031', price: '1 850 €' } },
      settings,
    );
    expect(email).toMatchObject({ dedupeKey: 'booking:3:reply:9', kind: 'guide-proposal', subject: 'Ana vous a répondu au sujet de Tour du Mont-Blanc' });
    expect(email.text).toContain('1 850 €');
  });

  it('reminds the guide in their language at 12 hours', () => {
    const email = replyReminderEmail(promise, settings);
    expect(email).toMatchObject({ recipient: 'guides@example.com', locale: 'es', dedupeKey: 'booking:42:reminder:7' });
    expect(email.subject).toBe('Jeanne espera tu respuesta sobre Tour del Mont Blanc');
    expect(email.text).toContain('13 horas');
  });

  it('escalates to support in English and tells the traveller in theirs', () => {
    const [support, traveller] = replyEscalationEmails(promise, settings);
    expect(support).toMatchObject({ recipient: 'support@cordee.example', locale: 'en', replyTo: 'jeanne@example.com', subject: 'Request K7Q4-MZ2T unanswered after 13 hours' });
    expect(traveller).toMatchObject({ recipient: 'jeanne@example.com', locale: 'fr', subject: 'Votre demande pour Tour du Mont-Blanc : notre équipe s’en occupe' });
  });

  it('tells the guide when a traveller accepts or cancels, and the traveller when the guide confirms', () => {
    const urls = { traveller: 'https://cordee.example/account/bookings?lan=fr', guide: promise.urls.guide };
    const input = { requestId: 5, reference: 'K7Q4MZ2T', locale: 'fr' as const, traveller: { name: 'Jeanne', email: 'jeanne@example.com' }, guide: promise.guide, tripTitles: promise.tripTitles, dates: () => '1–7 juin', price: () => '1 850 €', urls };
    expect(requestStatusEmail('accepted', input, settings)).toMatchObject({ recipient: 'guides@example.com', locale: 'es', subject: 'Jeanne ha aceptado tus fechas para Tour del Mont Blanc' });
    expect(requestStatusEmail('cancelled', input, settings)).toMatchObject({ recipient: 'guides@example.com', dedupeKey: 'booking:5:cancelled' });
    expect(requestStatusEmail('confirmed', input, settings)).toMatchObject({ recipient: 'jeanne@example.com', locale: 'fr', subject: 'Votre voyage est confirmé : Tour du Mont-Blanc' });
  });

  it('asks the traveller to pay the 30 % deposit in the confirmation, or says the guide arranges payment', () => {
    const urls = { traveller: 'https://cordee.example/account/bookings?lan=fr', guide: promise.urls.guide };
    const input = { requestId: 5, reference: 'K7Q4MZ2T', locale: 'fr' as const, traveller: { name: 'Jeanne', email: 'jeanne@example.com' }, guide: promise.guide, tripTitles: promise.tripTitles, dates: () => '1–7 juin', price: () => '1 850 €', urls };
    const total = { amountMinor: 185000, currency: 'EUR' };
    const plan = (online: boolean) => paymentPlan(total, '2031-06-01', { online, remainderDaysBefore: 14 }, new Date('2031-01-11T12:00:00Z'));
    const online = requestStatusEmail('confirmed', { ...input, payment: { plan: plan(true), payBy: new Date('2031-01-13T12:00:00Z'), payee: { name: 'Anna', instructions: 'Virement IBAN FR76' } } }, settings);
    expect(online.text).toMatch(/Réglez maintenant en ligne l’acompte de 555\s€ \(30\s%\)/);
    expect(online.text).toMatch(/solde de 1\s295\s€ \(70\s%\) est prélevé automatiquement le 18 mai 2031/);
    expect(online.text).toMatch(/Réglez avant le 13 janvier 2031/);
    expect(online.html).toContain('Payer dans Mes voyages');
    expect(online.text).not.toContain('Virement IBAN');
    const offline = requestStatusEmail('confirmed', { ...input, payment: { plan: plan(false), payBy: null, payee: { name: 'Anna', instructions: null } } }, settings);
    expect(offline.text).toMatch(/vous envoie ses instructions de paiement\s:\sun acompte de 555\s€ \(30\s%\) maintenant, puis le solde de 1\s295\s€ \(70\s%\) le 18 mai 2031/);
    expect(offline.text).not.toContain('Réglez avant');
    const written = requestStatusEmail('confirmed', { ...input, payment: { plan: plan(false), payBy: null, payee: { name: 'Anna', instructions: 'Virement IBAN FR76 3000 6000\nRéférence : votre nom' } } }, settings);
    expect(written.text).toMatch(/Réglez à Anna un acompte de 555\s€ \(30\s%\) maintenant, puis le solde de 1\s295\s€ \(70\s%\) le 18 mai 2031, comme l’indiquent ses instructions ci-dessous/);
    expect(written.text).toMatch(/Instructions de paiement de Anna\s*:\s*> Virement IBAN FR76 3000 6000/);
    expect(written.html).toContain('Virement IBAN FR76 3000 6000');
  });

  it('tells both sides, each in their language, that the guide cancelled a secured booking and everything paid is refunded', () => {
    const input = { requestId: 6, reference: 'K7Q4MZ2T', locale: 'fr' as const, traveller: { name: 'Jeanne', email: 'jeanne@example.com' }, guide: promise.guide, tripTitles: promise.tripTitles, dates: () => '1–7 juin', price: () => '1 850 €', urls: { traveller: 'https://cordee.example/account/bookings?lan=fr', guide: promise.urls.guide } };
    const [traveller, guide] = guideCancelledEmails(input, 'Le glacier est fermé cette semaine.', { amountMinor: 185000, currency: 'EUR' }, settings);
    expect(traveller).toMatchObject({ recipient: 'jeanne@example.com', locale: 'fr', dedupeKey: 'booking:6:guide-cancelled:traveller' });
    expect(traveller!.text).toMatch(/Tout ce que vous avez payé, 1\s850\s€, vous est remboursé/);
    expect(traveller!.text).toMatch(/Motif indiqué\s*:\s*> Le glacier est fermé cette semaine\./);
    expect(guide).toMatchObject({ recipient: 'guides@example.com', locale: 'es', dedupeKey: 'booking:6:guide-cancelled:guide' });
    expect(guide!.subject).toMatch(/^Has cancelado la reserva K7Q4-MZ2T: /);
    expect(guide!.text).toContain('Le glacier est fermé cette semaine.');
  });

  it('sends payment e-mails in each reader\'s language, once per payment', () => {
    const input = {
      requestId: 9, reference: 'K7Q4MZ2T',
      locale: 'fr' as const,
      traveller: { firstName: 'Jeanne', email: 'jeanne@example.com' },
      guide: promise.guide,
      tripTitles: promise.tripTitles,
      subject: { id: 31, amount: { amountMinor: 30000, currency: 'EUR' } },
      split: { deposit: { amountMinor: 30000, currency: 'EUR' }, remainder: { amountMinor: 70000, currency: 'EUR' }, total: { amountMinor: 100000, currency: 'EUR' } },
      remainderDueAt: new Date('2031-02-15T09:00:00Z'),
      urls: { traveller: 'https://cordee.example/account/bookings?lan=fr', guide: promise.urls.guide },
    };
    const receipt = paymentEmail('depositReceipt', input, settings);
    expect(receipt).toMatchObject({ recipient: 'jeanne@example.com', locale: 'fr', kind: 'payment-deposit-receipt', dedupeKey: 'booking:9:payment:depositReceipt:31', subject: 'Réservation garantie : Tour du Mont-Blanc' });
    expect(receipt.text).toMatch(/700\s€, prélevé automatiquement le 15 février 2031/);
    expect(paymentEmail('guideSecured', input, settings)).toMatchObject({ recipient: 'guides@example.com', locale: 'es', replyTo: 'jeanne@example.com', subject: 'Jeanne pagó el depósito: Tour del Mont Blanc está garantizado' });
    const failed = paymentEmail('remainderFailed', { ...input, subject: { id: 32, amount: { amountMinor: 70000, currency: 'EUR' } } }, settings);
    expect(failed.subject).toMatch(/^Le solde de 700\s€ n’a pas pu être prélevé$/);
    expect(failed.html).toContain('https://cordee.example/account/bookings?lan=fr');
    // A price below Stripe's minimum for two payments is paid at once: no remainder is announced.
    const atOnce = paymentEmail('depositReceipt', { ...input, subject: { id: 33, amount: { amountMinor: 160, currency: 'EUR' } }, split: { total: { amountMinor: 160, currency: 'EUR' }, deposit: { amountMinor: 160, currency: 'EUR' }, remainder: { amountMinor: 0, currency: 'EUR' } }, remainderDueAt: null }, settings);
    expect(atOnce.text).toMatch(/le prix complet de 1,60\s€ est payé/);
    expect(atOnce.text).not.toContain('prélevé automatiquement');
  });

  it('brings a traveller\'s message to the guide in the guide\'s language, or to support when the guide has no address', () => {
    const input = { thread: 'question:8', messageId: 12, traveller: { name: 'Jeanne', email: 'jeanne@example.com' }, guide: promise.guide, tripTitles: promise.tripTitles, message: 'Et pour les crampons ?', guideAreaUrl: promise.urls.guide };
    const email = travellerMessageEmail(input, settings);
    expect(email).toMatchObject({ recipient: 'guides@example.com', locale: 'es', replyTo: 'jeanne@example.com', dedupeKey: 'question:8:traveller-message:12', subject: 'Jeanne te ha respondido sobre Tour del Mont Blanc' });
    expect(email.text).toContain('Et pour les crampons ?');
    const toSupport = travellerMessageEmail({ ...input, guide: { ...promise.guide, email: null } }, settings);
    expect(toSupport).toMatchObject({ recipient: 'support@cordee.example', locale: 'en', subject: 'Jeanne answered you about Tour du Mont Blanc' });
  });

  it('tells the traveller in their language that a request expired, and invites a review once the trip is over', () => {
    const input = { requestId: 77, reference: 'K7Q4MZ2T', locale: 'es' as const, traveller: { firstName: 'Lucía', email: 'lucia@example.com' }, guideName: 'Ana', tripTitles: promise.tripTitles, myTripsUrl: 'https://cordee.example/account/bookings?lan=es', tripUrl: 'https://cordee.example/es/trip/tour-del-mont-blanc' };
    const expired = requestExpiredEmail(input, settings);
    expect(expired).toMatchObject({ recipient: 'lucia@example.com', locale: 'es', dedupeKey: 'booking:77:expired', subject: 'Tu solicitud para Tour del Mont Blanc ha caducado' });
    expect(expired.html).toContain('https://cordee.example/es/trip/tour-del-mont-blanc');
    const invitation = reviewInvitationEmail({ ...input, locale: 'fr' }, settings);
    expect(invitation).toMatchObject({ locale: 'fr', dedupeKey: 'booking:77:review-invitation', subject: 'Comment s’est passé Tour du Mont-Blanc ?' });
    expect(invitation.html).toContain('https://cordee.example/account/bookings?lan=es');
  });

  it('reminds and escalates a waiting question in each reader\'s language, with keys of its own', () => {
    const question = { ...promise, kind: 'question' as const, tripTitles: {} };
    const reminder = replyReminderEmail(question, settings);
    expect(reminder).toMatchObject({ recipient: 'guides@example.com', locale: 'es', dedupeKey: 'question:42:reminder:7', subject: 'Jeanne espera tu respuesta a su pregunta' });
    expect(reminder.text).toContain('13 horas');
    const [support, traveller] = replyEscalationEmails(question, settings);
    expect(support).toMatchObject({ locale: 'en', dedupeKey: 'question:42:escalated:7:support', subject: 'Question K7Q4-MZ2T unanswered after 13 hours' });
    expect(traveller).toMatchObject({ locale: 'fr', dedupeKey: 'question:42:escalated:7:traveller', subject: 'Votre question à Chamonix Alpine Guides : notre équipe s’en occupe' });
  });
});

describe('support and a secured booking cancelled outside the free window', () => {
  it('asks support, in English, to apply the terms', async () => {
    const { cancellationReviewEmail } = await import('@/lib/mail/templates');
    const email = cancellationReviewEmail(
      { requestId: 14, reference: 'K7Q4MZ2T', traveller: { name: 'Jeanne Barret', email: 'jeanne@example.com' }, tripTitles: { en: 'Tour du Mont Blanc', fr: 'Tour du Mont-Blanc' }, paid: { amountMinor: 30000, currency: 'EUR' }, reason: 'windowPassed', supportUrl: 'https://cordee.example/account/support?lan=en' },
      { supportEmail: 'support@cordee.example' },
    );
    expect(email).toMatchObject({ recipient: 'support@cordee.example', locale: 'en', replyTo: 'jeanne@example.com', subject: 'Secured booking K7Q4-MZ2T cancelled: apply the terms' });
    expect(email.text).toMatch(/more than 48 hours after paying \(€300 paid\)/);
  });
});
