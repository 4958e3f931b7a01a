import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_CURRENCY, minorUnitDigits, parseCurrencyChoice } from '@/lib/money/currency';
import { countryCurrency } from '@/lib/money/country-currency';
import { currencyName, currencySymbol, formatMoney } from '@/lib/money/format';
import { parseEcbDailyXml, RatesFormatError } from '@/lib/money/ecb-rates';
import { hasRate, supportedCurrencies } from '@/lib/money/rates';
import { decodeVisitorCurrency, encodeVisitorCurrency, requestedCurrency, visitorCurrency } from '@/lib/money/visitor-currency';

const ecb = (cubes: string, time = '2026-11-20') => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube><Cube time='${time}'>${cubes}</Cube></Cube>
</gesmes:Envelope>`;

describe('ECB daily reference rates', () => {
  it('reads the seeded snapshot: every required currency, with its date', () => {
    const rates = parseEcbDailyXml(readFileSync('lib/db/seed/data/ecb-reference-rates.xml', 'utf8'));
    expect(rates.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const required = ['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'NZD', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'MXN', 'BRL', 'INR', 'ZAR'];
    expect(supportedCurrencies(rates)).toEqual(expect.arrayContaining(required));
    expect(hasRate(rates, 'EUR')).toBe(true);
    expect(hasRate(rates, 'MAD')).toBe(false);
  });
  it('keeps rates as exact text, with either quote style', () => {
    const rates = parseEcbDailyXml(ecb(`<Cube currency="USD" rate="1.1583"/><Cube currency='JPY' rate='181.42'/>`));
    expect(rates).toEqual({ base: 'EUR', date: '2026-11-20', rates: { USD: '1.1583', JPY: '181.42' } });
  });
  it.each([
    ['an HTML page', '<html><body>Maintenance</body></html>'],
    ['broken XML', '<gesmes:Envelope><Cube><Cube time="2026-11-20">'],
    ['no rate for USD', ecb(`<Cube currency='GBP' rate='0.87'/>`)],
    ['a zero rate', ecb(`<Cube currency='USD' rate='0'/>`)],
    ['a negative rate', ecb(`<Cube currency='USD' rate='-1.2'/>`)],
    ['a text rate', ecb(`<Cube currency='USD' rate='abc'/>`)],
    ['a bad date', ecb(`<Cube currency='USD' rate='1.1'/>`, '2026-13-45')],
    ['a duplicate currency', ecb(`<Cube currency='USD' rate='1.1'/><Cube currency='USD' rate='1.2'/>`)],
    ['a lower-case code', ecb(`<Cube currency='usd' rate='1.1'/>`)],
    ['an empty day', ecb('')],
    ['an empty body', ''],
  ])('rejects %s', (_name, xml) => {
    expect(() => parseEcbDailyXml(xml)).toThrow(RatesFormatError);
  });
});

describe('spec §4 currency choice and spec §8 fallbacks', () => {
  it.each([
    ['GBP', 'GBP'],
    ['gbp', 'GBP'],
    ['"CHF"', 'CHF'],
    ['null', null],
    ['undefined', null],
    ['local', null],
    ['LOCAL', null],
    ['', null],
    [undefined, null],
    ['euros', null],
  ])('cookie %j → choice %j', (value, expected) => {
    expect(parseCurrencyChoice(value)).toBe(expected);
  });

  it.each([
    { cookie: 'GBP', country: 'CH', expected: { code: 'GBP', source: 'cookie' } },
    { cookie: 'local', country: 'CH', expected: { code: 'CHF', source: 'country' } },
    { cookie: undefined, country: 'FR', expected: { code: 'EUR', source: 'country' } },
    { cookie: 'null', country: null, expected: { code: 'USD', source: 'fallback' } },
    { cookie: undefined, country: 'QQ', expected: { code: 'USD', source: 'fallback' } },
  ])('cookie $cookie, country $country → $expected.code', ({ cookie, country, expected }) => {
    expect(requestedCurrency(cookie, () => country)).toEqual(expected);
  });

  it('does not geolocate when the cookie holds a choice', () => {
    let calls = 0;
    requestedCurrency('EUR', () => {
      calls += 1;
      return 'CH';
    });
    expect(calls).toBe(0);
  });

  it("falls back to USD when the country's currency has no rate, keeps a visitor's own choice", () => {
    const supported = ['CHF', 'EUR', 'GBP', 'USD'];
    expect(visitorCurrency({ code: 'MAD', source: 'country' }, supported)).toEqual({ code: FALLBACK_CURRENCY, source: 'fallback' });
    expect(visitorCurrency({ code: 'CHF', source: 'country' }, supported)).toEqual({ code: 'CHF', source: 'country' });
    expect(visitorCurrency({ code: 'XAF', source: 'cookie' }, supported)).toEqual({ code: 'XAF', source: 'cookie' });
  });

  it('passes through the proxy header and never trusts a malformed one', () => {
    expect(decodeVisitorCurrency(encodeVisitorCurrency({ code: 'CHF', source: 'country' }))).toEqual({ code: 'CHF', source: 'country' });
    expect(decodeVisitorCurrency('<script>;cookie')).toEqual({ code: 'USD', source: 'fallback' });
    expect(decodeVisitorCurrency(null)).toEqual({ code: 'USD', source: 'fallback' });
  });

  it('maps countries to their currency (spec §3 table)', () => {
    expect(countryCurrency('FR')).toEqual({ countryCode: 'FR', countryName: 'France', currencyCode: 'EUR' });
    expect(countryCurrency('ch')?.currencyCode).toBe('CHF');
    expect(countryCurrency('NP')?.currencyCode).toBe('NPR');
    expect(countryCurrency('QQ')).toBeNull();
    expect(countryCurrency('constructor')).toBeNull();
  });
});

describe('formatting with the page locale', () => {
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
  it.each([
    ['en', { amountMinor: 123_400, currency: 'EUR' }, '€1,234'],
    ['fr', { amountMinor: 123_400, currency: 'EUR' }, '1 234 €'],
    ['es', { amountMinor: 123_400, currency: 'EUR' }, '1234 €'],
    ['en', { amountMinor: 37_050, currency: 'EUR' }, '€370.50'],
    ['fr', { amountMinor: 37_050, currency: 'EUR' }, '370,50 €'],
    ['en', { amountMinor: 18_143, currency: 'JPY' }, '¥18,143'],
    ['en', { amountMinor: 99_900, currency: 'GBP' }, '£999'],
    ['fr', { amountMinor: 81_300, currency: 'CHF' }, '813 CHF'],
  ])('%s %o → %s', (locale, money, expected) => {
    expect(plain(formatMoney(money, locale))).toBe(expected);
  });
  it('names currencies in the visitor language', () => {
    expect(currencyName('CHF', 'fr')).toBe('franc suisse');
    expect(currencyName('GBP', 'es')).toBe('libra esterlina');
    expect(currencySymbol('GBP', 'en')).toBe('£');
    expect(currencySymbol('EUR', 'fr')).toBe('€');
  });
  it('remembers symbols and digits per locale and currency, never across them', () => {
    expect([currencySymbol('USD', 'en'), currencySymbol('USD', 'fr'), currencySymbol('USD', 'en')]).toEqual(['$', '$US', '$']);
    expect([minorUnitDigits('JPY'), minorUnitDigits('EUR'), minorUnitDigits('JPY')]).toEqual([0, 2, 0]);
    expect(() => minorUnitDigits('not a code')).toThrow(RangeError);
    expect(() => minorUnitDigits('not a code')).toThrow(RangeError);
  });
});
