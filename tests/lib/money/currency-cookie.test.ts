import { describe, expect, it } from 'vitest';
import { cookieValues, currencyChoiceOf, readCurrencyCookie } from '@/lib/money/currency-cookie';

describe('the one reader of the currency cookie (front, proxy and picker)', () => {
  it.each([
    [undefined, { present: false, ambiguous: false, choice: null }],
    ['', { present: false, ambiguous: false, choice: null }],
    ['session=abc', { present: false, ambiguous: false, choice: null }],
    ['currency=EUR', { present: true, ambiguous: false, choice: 'EUR' }],
    ['a=1; currency=gbp ; b=2', { present: true, ambiguous: false, choice: 'GBP' }],
    ['currency=null', { present: true, ambiguous: false, choice: null }],
    // Not a currency of the closed list: no choice, the same as none.
    ['currency=QQQ', { present: true, ambiguous: false, choice: null }],
    ['currency=EURO', { present: true, ambiguous: false, choice: null }],
    // Agreeing duplicates are that choice; disagreeing ones are no choice and never shared.
    ['currency=EUR; currency=eur', { present: true, ambiguous: false, choice: 'EUR' }],
    ['currency=; currency=JPY', { present: true, ambiguous: true, choice: null }],
    ['currency=EUR; currency=JPY', { present: true, ambiguous: true, choice: null }],
    ['currency=JPY;currency=QQQ', { present: true, ambiguous: true, choice: null }],
  ])('%j → %j', (header, expected) => {
    expect(readCurrencyCookie(header)).toEqual(expected);
  });

  it('reads every value of a name, and only that name', () => {
    expect(cookieValues('xcurrency=USD; currency=EUR; currency =JPY', 'currency')).toEqual(['EUR', 'JPY']);
    expect(currencyChoiceOf('"chf"')).toBe('CHF');
    expect(currencyChoiceOf('local')).toBeNull();
  });
});
