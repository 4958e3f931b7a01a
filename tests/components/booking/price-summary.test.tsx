// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceSummary } from '@/components/booking/price-summary';
import { priceTable, quoteFromTable } from '@/lib/money/pricing';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

const rates = { base: 'EUR' as const, date: '2026-11-20', rates: { USD: '1.1583', JPY: '181.42' } };
const trip = { pricingMode: 'per_trip' as const, currency: 'EUR', customerFee: false, discountPercent: 10, minDays: 5, durationDays: 5, maxGroupSize: 6 };
const table = priceTable(trip, [{ people: 4, amountMinor: 81_600 }], { rates, target: 'EUR', crossCurrencyFactor: '1.02' })!;

function show(locale: 'en' | 'fr', quote: ReturnType<typeof quoteFromTable>, travellers = 3) {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <PriceSummary quote={quote} travellers={travellers} days={null} dates={{ start: '2027-07-01', end: '2027-07-10' }} />
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe('the booking price summary', () => {
  it('shows per person, discount, total, deposit and remainder for the travellers, with the dates', () => {
    // A private group of 3 on a trip priced from 4: 4 × 816 € shared, less 10 %.
    show('en', quoteFromTable(table, 3, 5));
    expect(screen.getByTestId('summary-per-person')).toHaveTextContent('€980');
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−€324');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('€2,940');
    expect(screen.getByTestId('summary-deposit')).toHaveTextContent('€882');
    expect(screen.getByText('Total for 3 travellers')).toBeInTheDocument();
    expect(screen.getByTestId('summary-dates')).toHaveTextContent(/Jul 1\D+10, 2027/);
    expect(screen.getByTestId('summary-travellers')).toHaveTextContent('3');
  });
  it('says the guide quotes it when there is no price, in French without English', () => {
    show('fr', null, 2);
    expect(screen.getByTestId('price-summary')).toHaveTextContent(fr.BookingForm.summary.onRequest);
    expect(screen.queryByTestId('summary-total')).toBeNull();
    expect(screen.getByTestId('price-summary')).not.toHaveTextContent(/Total|Deposit|price/);
  });
});
