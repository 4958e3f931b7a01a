// A guide's lead time in numbers, without date-fns: the guide terms form draws its range.

/** spec §1, §9 "booking at least 30 days ahead": a guide's lead time unless they set their own. */
export const DEFAULT_LEAD_DAYS = 30;
/** The lead times a guide may set, in days. */
export const LEAD_DAYS_RANGE = { min: 1, max: 365 } as const;
