import { describe, expect, it } from 'vitest';
import { formErrors, issuesByField } from '@/lib/forms/errors';
import { monthDayField, tripPricesSchema, tripSeasonsSchema, unavailableRangesSchema } from '@/lib/forms/guide-trip-schemas';

const base = { idempotencyKey: 'seasons-key-000001', locale: 'en' as const, tripId: 3 };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("a guide's seasons and unavailable days", () => {
  it.each([
    ['01-01', true],
    ['02-29', true],
    ['12-31', true],
    ['04-31', false],
    ['13-01', false],
    ['00-10', false],
    ['1-5', false],
    ['', false],
  ])('a season day %s is valid: %s', (value, valid) => {
    const result = monthDayField.safeParse(value);
    expect(result.success).toBe(valid);
    if (!valid) expect(firstMessage(result)).toBe(formErrors.seasonInvalid);
  });

  it('takes seasons over the new year, and none at all (all year)', () => {
    expect(tripSeasonsSchema.safeParse({ ...base, seasons: [{ from: '11-15', to: '04-30' }] }).success).toBe(true);
    expect(tripSeasonsSchema.safeParse({ ...base, seasons: [] }).success).toBe(true);
  });

  it("reads a season's ends as the form sends them, a month and a day from lists", () => {
    const parsed = tripSeasonsSchema.safeParse({ ...base, seasons: [{ from: { month: '11', day: '15' }, to: { month: '04', day: '30' } }] });
    expect(parsed.data?.seasons).toEqual([{ from: '11-15', to: '04-30' }]);
    const wrong = tripSeasonsSchema.safeParse({ ...base, seasons: [{ from: { month: '04', day: '31' }, to: { month: '05', day: '01' } }] });
    expect(issuesByField(wrong.error!.issues)).toEqual({ 'seasons.0.from': formErrors.seasonInvalid });
  });

  it("names a row's error by the row's field, a whole list's by the list", () => {
    const row = tripPricesSchema.safeParse({ ...base, entries: [{ people: '1', price: '900' }, { people: '2', price: '-5' }] });
    expect(issuesByField(row.error!.issues)).toEqual({ 'entries.1.price': formErrors.priceInvalid });
    const twice = tripPricesSchema.safeParse({ ...base, entries: [{ people: '2', price: '900' }, { people: '2', price: '800' }] });
    expect(issuesByField(twice.error!.issues)).toEqual({ entries: formErrors.groupSizeTwice });
  });

  it('refuses a range that ends before it starts, or that lasts over a year', () => {
    expect(unavailableRangesSchema.safeParse({ ...base, ranges: [{ startsOn: '2031-02-10', endsOn: '2031-02-10' }] }).success).toBe(true);
    const backwards = unavailableRangesSchema.safeParse({ ...base, ranges: [{ startsOn: '2031-02-10', endsOn: '2031-02-09' }] });
    expect(backwards.error?.issues[0]).toMatchObject({ message: formErrors.dateRange, path: ['ranges', 0, 'endsOn'] });
    const long = unavailableRangesSchema.safeParse({ ...base, ranges: [{ startsOn: '2031-01-01', endsOn: '2032-01-05' }] });
    expect(long.error?.issues[0]).toMatchObject({ message: formErrors.rangeTooLong });
    expect(firstMessage(unavailableRangesSchema.safeParse({ ...base, ranges: [{ startsOn: '2031-02-30', endsOn: '2031-03-01' }] }))).toBe(formErrors.dateRange);
  });
});
