// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createTranslator } from 'use-intl/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingPayment, GuidePayout } from '@/components/account/booking-payment';
import type { BookingPayments } from '@/lib/db/queries/payments';
import type { Payment } from '@/lib/db/schema';
import fr from '@/messages/fr.json';
import { paymentPlan } from '@/lib/payments/plan';

vi.mock('next-intl/server', () => ({
  getTranslations: async ({ namespace }: { namespace: 'Account' }) => createTranslator({ locale: 'fr', messages: fr, namespace }),
}));
afterEach(cleanup);

const split = { total: { amountMinor: 123457, currency: 'EUR' }, deposit: { amountMinor: 37037, currency: 'EUR' }, remainder: { amountMinor: 86420, currency: 'EUR' } };
const payment = (values: Partial<Payment>): Payment =>
  ({ id: 1, bookingRequestId: 9, kind: 'deposit', status: 'succeeded', amountMinor: 37037, currency: 'EUR', refundedMinor: 0, paidAt: new Date('2031-01-10T12:00:00Z'), dueAt: null, ...values }) as Payment;
const now = new Date('2031-01-10T12:00:00Z');
const action = vi.fn(async () => undefined);
const common = { locale: 'fr' as const, reference: 'K7Q4MZ2T', departure: '2031-03-01', remainderDueAt: new Date('2031-02-15T09:00:00Z'), plan: null, payee: { name: 'Anna Berger', instructions: null }, action, now };

describe('My trips: the deposit and the secured booking', () => {
  it('shows a confirmed booking the exact amounts, the dates, the terms and a plain form to pay', async () => {
    const payments: BookingPayments = { requestId: 9, split, depositDueAt: new Date('2031-01-13T12:00:00Z'), securedAt: null, deposit: null, remainder: null, owedToGuideMinor: 0 };
    const { container } = render(await BookingPayment({ ...common, status: 'confirmed', payments, online: true }));
    expect(screen.getByTestId('deposit-amount')).toHaveTextContent(/^370,37\s€$/);
    expect(screen.getByTestId('remainder-amount')).toHaveTextContent(/864,20\s€, prélevé automatiquement le 15 février 2031/);
    expect(screen.getByTestId('total-amount')).toHaveTextContent(/^1\s234,57\s€$/);
    // toHaveTextContent collapses whitespace, U+202F (French punctuation) included.
    expect(screen.getByTestId('payment-terms')).toHaveTextContent(fr.Account.payment.freeCancellation.replace(/\s+/g, ' '));
    expect(screen.getByText(/13 janvier 2031/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: /Payer l’acompte de 30\s% \(370,37\s€\)/ });
    const form = button.closest('form')!;
    expect(Object.fromEntries(new FormData(form))).toEqual({ locale: 'fr', reference: 'K7Q4MZ2T', kind: 'deposit' });
    // Nothing of the amount travels in the form: the server takes it from the stored quote.
    expect(container.innerHTML).not.toMatch(/name="amount/);
  });

  it('states the guide’s payment instructions, amounts and days, without online payment', async () => {
    const plan = paymentPlan(split.total, common.departure, { online: false, remainderDaysBefore: 14 }, now);
    render(await BookingPayment({ ...common, status: 'confirmed', payments: undefined, online: false, plan }));
    expect(screen.getByTestId('payment-offline')).toHaveTextContent(/^Anna Berger vous envoie ses instructions de paiement\s*: un acompte de 370,37\s€ \(30\s%\) maintenant, puis le solde de 864,20\s€ \(70\s%\) le 15 février 2031\./);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('payment-instructions')).toBeNull();
  });

  it('shows the guide’s own instructions beside the amounts, line breaks kept, when they wrote some', async () => {
    const plan = paymentPlan(split.total, common.departure, { online: false, remainderDaysBefore: 14 }, now);
    const instructions = 'Virement sur FR76 3000 6000 0112 3456 7890 189\nRéférence : K7Q4MZ2T';
    render(await BookingPayment({ ...common, status: 'confirmed', payments: undefined, online: false, plan, payee: { name: 'Anna Berger', instructions } }));
    expect(screen.getByTestId('payment-offline')).toHaveTextContent(/^Réglez à Anna Berger un acompte de 370,37\s€ \(30\s%\) maintenant, puis le solde de 864,20\s€ \(70\s%\) le 15 février 2031, comme l’indiquent ses instructions ci-dessous\./);
    expect(screen.getByTestId('payment-instructions')).toHaveTextContent(/^Instructions de paiement de Anna Berger/);
    expect(screen.getByTestId('payment-instructions').querySelector('blockquote')!.textContent).toBe(instructions);
  });

  it('shows a secured booking both payments, and a pay button only for a refused remainder', async () => {
    const secured = (remainder: Payment): BookingPayments => ({ requestId: 9, split, depositDueAt: null, securedAt: now, deposit: payment({}), remainder, owedToGuideMinor: 31482 });
    const { unmount } = render(await BookingPayment({ ...common, status: 'secured', online: true, payments: secured(payment({ id: 2, kind: 'remainder', status: 'scheduled', amountMinor: 86420, paidAt: null, dueAt: new Date('2031-02-15T09:00:00Z') })) }));
    expect(screen.getByTestId('deposit-paid')).toHaveTextContent(/Acompte de 370,37\s€ payé le 10 janvier 2031/);
    expect(screen.getByTestId('remainder-scheduled')).toHaveTextContent(/864,20\s€ sera prélevé automatiquement le 15 février 2031/);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    render(await BookingPayment({ ...common, status: 'secured', online: true, payments: secured(payment({ id: 2, kind: 'remainder', status: 'requires_action', amountMinor: 86420, paidAt: null })) }));
    const form = screen.getByRole('button', { name: /Payer le solde/ }).closest('form')!;
    expect(new FormData(form).get('kind')).toBe('remainder');
  });

  it('shows the guide what a secured booking owes them so far and in all', async () => {
    const payments: BookingPayments = { requestId: 9, split, depositDueAt: null, securedAt: now, deposit: payment({}), remainder: payment({ id: 2, kind: 'remainder', status: 'scheduled', amountMinor: 86420, paidAt: null, dueAt: new Date('2031-02-15T09:00:00Z') }), owedToGuideMinor: 31481 };
    render(await GuidePayout({ locale: 'fr', payments, feePercent: 15 }));
    // 370.37 − 55.56 and 864.20 − 129.63: 314.81 + 734.57.
    expect(screen.getByTestId('guide-payout')).toHaveTextContent(/314,81\s€ vous est dû à ce jour, 1\s049,38\s€ au total une fois le solde payé le 15 février 2031/);
  });
});
