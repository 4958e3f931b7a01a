// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createTranslator } from 'use-intl/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceShares } from '@/components/account/price-shares';
import { formatMoney } from '@/lib/money/format';
import en from '@/messages/en.json';

vi.mock('next-intl/server', () => ({
  getTranslations: async ({ namespace }: { namespace: 'Account.trips' }) => createTranslator({ locale: 'en', messages: en, namespace }),
}));
afterEach(cleanup);

describe('the guide’s prices beside what travellers pay and what the guide gets', () => {
  it('states the 5 % customer fee removed and the commission taken, in the trip’s currency', async () => {
    const trip = { currency: 'EUR', customerFee: true, discountPercent: 0, pricingMode: 'per_trip' };
    render(await PriceShares({ locale: 'en', trip, entries: [{ people: 2, amountMinor: 315000 }], feePercent: 15 }));
    const table = screen.getByTestId('price-shares');
    expect(table).toHaveTextContent('Per person, in EUR: travellers pay your price less the 5 % customer fee');
    const row = within(table).getByRole('row', { name: /^2/ });
    // 3,150 less 5 % is 2,992.50, rounded up to 2,993; 15 % of it (448.95) goes to Cordée.
    expect(row).toHaveTextContent(formatMoney({ amountMinor: 299300, currency: 'EUR' }, 'en'));
    expect(row).toHaveTextContent(formatMoney({ amountMinor: 254405, currency: 'EUR' }, 'en'));
  });

  it('keeps the price as set when the trip charges no customer fee', async () => {
    const trip = { currency: 'USD', customerFee: false, discountPercent: 10, pricingMode: 'per_person_per_day' };
    render(await PriceShares({ locale: 'en', trip, entries: [{ people: 1, amountMinor: 20000 }], feePercent: 0 }));
    expect(screen.getByTestId('price-shares')).toHaveTextContent('Per person and day, in USD: travellers pay your price (less any discount)');
    expect(within(screen.getByTestId('price-shares')).getByRole('row', { name: /^1/ })).toHaveTextContent('$180$180');
  });
});
