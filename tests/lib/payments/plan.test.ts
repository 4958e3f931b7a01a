import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { guideInstructions, paymentPlan, paymentStory, remainderText, type PaymentTranslate } from '@/lib/payments/plan';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

const translate = (locale: 'en' | 'fr' | 'es'): PaymentTranslate => {
  const t = createTranslator({ locale, messages: { en, fr, es }[locale], namespace: 'Payment' });
  return (key, values) => t(key, values);
};
const now = new Date('2031-01-10T12:00:00Z');
const eur = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });
const anna = { name: 'Anna', instructions: null };

describe('the payment plan of a booking’s terms', () => {
  it('online: 30 % deposit, remainder 14 days before departure at 09:00 UTC', () => {
    const plan = paymentPlan(eur(100100), '2031-06-01', { online: true, remainderDaysBefore: 14 }, now);
    expect(plan).toEqual({ online: true, total: eur(100100), deposit: eur(30030), remainder: eur(70070), remainderDueAt: new Date('2031-05-18T09:00:00Z'), remainderDaysBefore: 14 });
    expect(paymentStory(translate('en'), plan, 'before', 'en', anna)).toBe(
      'Nothing to pay until the guide confirms. Then you pay the deposit of €300.30 (30\u00a0%) online, and the remainder of €700.70 (70\u00a0%) is charged automatically on May 18, 2031.',
    );
  });

  it('online below Stripe’s minimum for two payments: the full price at once', () => {
    const plan = paymentPlan(eur(100), '2031-06-01', { online: true, remainderDaysBefore: 14 }, now);
    expect(plan).toMatchObject({ online: true, deposit: eur(100), remainder: eur(0), remainderDueAt: null });
    expect(paymentStory(translate('es'), plan, 'after', 'es', anna)).toBe('Paga ahora en línea el precio total de 1\u00a0€: no se cobra nada más tarde.');
  });

  it('off (no Stripe keys, or a currency Stripe cannot charge): the same amounts and days, paid to the guide', () => {
    // A three-decimal amount Stripe cannot charge (its last digit must be 0).
    expect(paymentPlan({ amountMinor: 100101, currency: 'KWD' }, '2031-06-01', { online: true, remainderDaysBefore: 14 }, now)).toMatchObject({ online: false, deposit: { amountMinor: 30030 } });
    expect(paymentPlan(eur(100100), '2031-06-01', { online: false, remainderDaysBefore: 14 }, now)).toMatchObject({ online: false, deposit: eur(30030), remainder: eur(70070), remainderDueAt: new Date('2031-05-18T09:00:00Z') });
    const plan = paymentPlan(eur(100100), '2031-06-01', { online: false, remainderDaysBefore: 14 }, now);
    expect(paymentStory(translate('fr'), plan, 'after', 'fr', anna)).toBe(
      'Anna vous envoie ses instructions de paiement\u202f: un acompte de 300,30\u00a0€ (30\u202f%) maintenant, puis le solde de 700,70\u00a0€ (70\u202f%) le 18 mai 2031. Rien ne se paie sur Cordée.',
    );
  });

  it('off, with the guide’s written instructions: the story points to them, with the amounts, days and payee', () => {
    const payee = { name: 'Anna', instructions: 'Virement IBAN FR76 3000 6000 0112 3456 7890 189, référence : votre nom.' };
    const plan = paymentPlan(eur(100100), '2031-06-01', { online: false, remainderDaysBefore: 14 }, now);
    expect(guideInstructions(plan, payee)).toBe(payee.instructions);
    expect(paymentStory(translate('en'), plan, 'after', 'en', payee)).toBe(
      'Pay Anna a deposit of €300.30 (30\u00a0%) now, and the remainder of €700.70 (70\u00a0%) on May 18, 2031, as their instructions below say. Nothing is paid on Cordée.',
    );
    expect(paymentStory(translate('es'), plan, 'after', 'es', payee)).toBe(
      'Paga a Anna un depósito de 300,30\u00a0€ (30\u00a0%) ahora y el resto de 700,70\u00a0€ (70\u00a0%) el 18 de mayo de 2031, como indican sus instrucciones de abajo. Nada se paga en Cordée.',
    );
    expect(translate('fr')('instructionsTitle', { guide: 'Anna' })).toBe('Instructions de paiement de Anna');
    // Online, the guide's instructions play no part: Stripe takes the payment.
    const online = paymentPlan(eur(100100), '2031-06-01', { online: true, remainderDaysBefore: 14 }, now);
    expect(guideInstructions(online, payee)).toBeNull();
    expect(paymentStory(translate('en'), online, 'after', 'en', payee)).toMatch(/^Pay the deposit of €300.30 \(30\u00a0%\) online now/);
    // Not written yet: the guide sends them.
    expect(guideInstructions(plan, { name: 'Anna', instructions: null })).toBeNull();
  });

  it('a departure not fixed yet: the remainder so many days before it', () => {
    const plan = paymentPlan(eur(100100), null, { online: true, remainderDaysBefore: 14 }, now);
    expect(plan.remainderDueAt).toBeNull();
    expect(remainderText(translate('en'), plan, 'en')).toBe('€700.70, due 14 days before departure');
  });
});
