/** The currencies a guide may price a trip in: those the ECB reference rates convert, so the search compares them. */
export const tripCurrencies = ['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'NOK', 'SEK', 'NZD', 'AUD', 'JPY', 'ISK', 'MXN', 'BRL', 'INR', 'ZAR'] as const;
export type TripCurrency = (typeof tripCurrencies)[number];
