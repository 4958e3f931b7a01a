import { z } from 'zod';
import { formErrors } from './errors';
import { idempotencyKeyField, localeField } from './fields';

/** The largest group a price entry or an open group may be for. */
export const MAX_GROUP_SIZE = 50;
/** The most one traveller may be asked to pay, in major units of the trip's currency. */
export const MAX_PRICE = 1_000_000;

const isoDay = z.iso.date(formErrors.dateRange);
const price = z
  .number(formErrors.priceInvalid)
  .positive(formErrors.priceInvalid)
  .max(MAX_PRICE, formErrors.priceInvalid)
  // Whole units or cents: no fraction of a cent.
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, formErrors.priceInvalid);
const groupSize = (min: number) => z.number(formErrors.groupSizeInvalid).int(formErrors.groupSizeInvalid).min(min, formErrors.groupSizeInvalid).max(MAX_GROUP_SIZE, formErrors.groupSizeInvalid);

/**
 * issue 10: a guide's price entries by group size (spec §3 price entry: price, people), per person
 * per day or per trip as the trip is priced; one entry per group size.
 */
export const tripPricesSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  tripId: z.number().int().positive(),
  entries: z
    .array(z.object({ people: groupSize(1), price }))
    .min(1, formErrors.pricesRequired)
    .max(MAX_GROUP_SIZE, formErrors.pricesRequired)
    .refine((entries) => new Set(entries.map((entry) => entry.people)).size === entries.length, formErrors.groupSizeTwice),
});
export type TripPricesForm = z.input<typeof tripPricesSchema>;

/**
 * issue 10: a guide's open groups (spec §3: date, open spots, price per person, confirmed
 * departure). Existing groups keep their id; a group without one is new.
 */
export const openGroupsSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  tripId: z.number().int().positive(),
  groups: z
    .array(
      z
        .object({
          id: z.number().int().positive().nullable(),
          startsOn: isoDay,
          totalSpots: groupSize(1),
          openSpots: groupSize(0),
          price,
          confirmed: z.boolean(),
        })
        .refine((group) => group.openSpots <= group.totalSpots, { path: ['openSpots'], message: formErrors.openSpotsTooMany }),
    )
    .max(100, formErrors.checkData),
});
export type OpenGroupsForm = z.input<typeof openGroupsSchema>;
