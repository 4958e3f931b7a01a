import { z } from 'zod';
import { formErrors, limitMessage } from './errors';
import { MAX_MONTHLY_CAPACITY } from './guide-field-limits';
import { emptyAsNull, formBoolean, formList, formNumber, idempotencyKeyField, localeField } from './fields';

/** The largest group a price entry or an open group may be for. */
export const MAX_GROUP_SIZE = 50;
/** The most one traveller may be asked to pay, in major units of the trip's currency. */
export const MAX_PRICE = 1_000_000;

const isoDay = z.iso.date(formErrors.dateRange);
const price = formNumber(
  z
  .number(formErrors.priceInvalid)
  .positive(formErrors.priceInvalid)
  .max(MAX_PRICE, formErrors.priceInvalid)
  // Whole units or cents: no fraction of a cent.
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, formErrors.priceInvalid),
);
const groupSize = (min: number) => formNumber(z.number(formErrors.groupSizeInvalid).int(formErrors.groupSizeInvalid).min(min, formErrors.groupSizeInvalid).max(MAX_GROUP_SIZE, formErrors.groupSizeInvalid));
const tripId = formNumber(z.number().int().positive());

/**
 * A guide's price entries by group size (spec §3 price entry: price, people), per person
 * per day or per trip as the trip is priced; one entry per group size.
 */
export const tripPricesSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  tripId,
  entries: formList(
    z
    .array(z.object({ people: groupSize(1), price }))
    .min(1, formErrors.pricesRequired)
    .max(MAX_GROUP_SIZE, formErrors.pricesRequired)
    .refine((entries) => new Set(entries.map((entry) => entry.people)).size === entries.length, formErrors.groupSizeTwice),
  ),
});
export type TripPricesForm = z.input<typeof tripPricesSchema>;

/**
 * A guide's open groups (spec §3: date, open spots, price per person, confirmed
 * departure). Existing groups keep their id; a group without one is new.
 */
export const openGroupsSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  tripId,
  groups: formList(
    z
    .array(
      z
        .object({
          id: emptyAsNull(formNumber(z.number().int().positive().nullable())),
          startsOn: isoDay,
          totalSpots: groupSize(1),
          openSpots: groupSize(0),
          price,
          confirmed: formBoolean(),
        })
        .refine((group) => group.openSpots <= group.totalSpots, { path: ['openSpots'], message: formErrors.openSpotsTooMany }),
    )
    .max(100, formErrors.checkData),
  ),
});
export type OpenGroupsForm = z.input<typeof openGroupsSchema>;

/** Days in each month of a season's year (a season repeats every year, so 29 February counts). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** A day of the year as a season states it, `MM-DD` (spec §4 calendar 'out of season'). */
export const monthDayField = z
  .string(formErrors.seasonInvalid)
  .regex(/^\d{2}-\d{2}$/, formErrors.seasonInvalid)
  .refine((value) => {
    const [month, day] = value.split('-').map(Number) as [number, number];
    return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
  }, formErrors.seasonInvalid);

/** A season's end as its form sends it, a month and a day picked from lists (`from.month`, `from.day`), read as `MM-DD`. */
const seasonEnd = z.preprocess((value) => {
  if (!value || typeof value !== 'object') return value;
  const { month, day } = value as { month?: unknown; day?: unknown };
  return typeof month === 'string' && typeof day === 'string' ? `${month}-${day}` : value;
}, monthDayField);

/**
 * A trip's seasons, each from one day of the year to another (a season may run over the
 * new year, from November to April say). No season means the trip runs all year.
 */
export const tripSeasonsSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  tripId,
  seasons: formList(z.array(z.object({ from: seasonEnd, to: seasonEnd })).max(12, formErrors.checkData)),
});
export type TripSeasonsForm = z.input<typeof tripSeasonsSchema>;

export { MAX_MONTHLY_CAPACITY };

const capacityMessage = limitMessage(formErrors.capacityInvalid, { max: MAX_MONTHLY_CAPACITY });

/** How many departures of a trip the guide takes in one month (spec §4 calendar 'sold out' past it). */
export const tripCapacitySchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  tripId,
  monthlyCapacity: formNumber(z.number(capacityMessage).int(capacityMessage).min(1, capacityMessage).max(MAX_MONTHLY_CAPACITY, capacityMessage)),
});
export type TripCapacityForm = z.input<typeof tripCapacitySchema>;

/** The longest time a guide may block in one range. */
export const MAX_UNAVAILABLE_DAYS = 366;

/**
 * The date ranges in which the guide cannot take the trip (spec §4 calendar 'guide
 * unavailable'), first day to last day included. Ranges already over are kept as they are.
 */
export const unavailableRangesSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  tripId,
  ranges: formList(
    z
    .array(
      z
        .object({ startsOn: isoDay, endsOn: isoDay })
        .refine((range) => range.startsOn <= range.endsOn, { path: ['endsOn'], message: formErrors.dateRange })
        .refine((range) => (Date.parse(range.endsOn) - Date.parse(range.startsOn)) / 86_400_000 < MAX_UNAVAILABLE_DAYS, { path: ['endsOn'], message: formErrors.rangeTooLong }),
    )
    .max(100, formErrors.checkData),
  ),
});
export type UnavailableRangesForm = z.input<typeof unavailableRangesSchema>;
