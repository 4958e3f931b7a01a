/** spec §2 trip page tabs, in order; each is an in-page section with this stable anchor. */
export const tripTabs = [
  'overview',
  'description',
  'itinerary',
  'groups',
  'details',
  'faq',
  'guide',
  'reviews',
  'trips',
  'prices',
  'included',
  'why',
  'information',
  'assistance',
] as const;
export type TripTab = (typeof tripTabs)[number];
