import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { callingCodes } from '@/lib/forms/calling-codes';

describe('callingCodes', () => {
  it('lists the countries and calling codes of libphonenumber-js/min, in its order', () => {
    expect(Object.entries(callingCodes)).toEqual(getCountries().map((country) => [country, getCountryCallingCode(country)]));
  });
});
