/**
 * The catalogue's closed vocabularies (spec §3). Pure data: the database schema, the seed, the
 * search filters and the UI labels (messages Catalogue.*) all use these keys.
 */

/** Activities a trip can offer. */
export const activities = [
  'trekking',
  'hiking',
  'rock-climbing',
  'ice-climbing',
  'mountaineering',
  'ski-touring',
  'freeride',
  'heli-skiing',
  'via-ferrata',
  'snowshoeing',
] as const;
export type Activity = (typeof activities)[number];

/** spec §3: trip type. */
export const tripTypes = ['group', 'private', 'private_and_group', 'not_specified'] as const;
export type TripType = (typeof tripTypes)[number];

/** spec §3: skill and fitness levels (fit = high, occasional = intermediate, open to everyone = low, extremely fit = very high, certain, any). */
export const skillLevels = ['low', 'intermediate', 'high', 'very_high', 'certain', 'any'] as const;
export type SkillLevel = (typeof skillLevels)[number];

/** spec §3: trip level. */
export const tripLevels = ['any', 'easy', 'intermediate', 'sustained', 'hard'] as const;
export type TripLevel = (typeof tripLevels)[number];

/** spec §3: price per person per day or per trip. */
export const pricingModes = ['per_person_per_day', 'per_trip'] as const;
export type PricingMode = (typeof pricingModes)[number];

/** spec §3: guide and agency company types (spec §1). */
export const companyTypes = ['mountain_guide', 'guiding_agency', 'ski_school', 'tour_operator'] as const;
export type CompanyType = (typeof companyTypes)[number];

/**
 * spec §3: the 28 languages a trip can be offered in (ISO 639-1). The spec names English, Spanish,
 * French, German, Nepali, Tibetan and Kyrgyz; the rest are what guides in the catalogue's regions speak.
 */
export const tripLanguages = [
  'en', 'es', 'fr', 'de', 'ne', 'bo', 'ky',
  'it', 'pt', 'nl', 'ca', 'eu', 'ru', 'pl',
  'cs', 'sl', 'hr', 'ro', 'nb', 'sv', 'da',
  'fi', 'is', 'ar', 'sw', 'hi', 'ja', 'zh',
] as const;
export type TripLanguage = (typeof tripLanguages)[number];

/** spec §3: included (and not-included) items, in their display groups. */
export const includedItemGroups = {
  guiding: ['guiding_fee', 'tips'],
  meals: ['breakfast', 'lunch', 'dinner', 'snacks', 'drinks', 'clean_drinking_water'],
  porterage: ['group_porters', 'personal_porters', 'mules_and_horses', 'luggage_transfer'],
  transport: ['transport_during_trip', 'transport_to_start_and_back', 'local_flights', 'lift_tickets', 'helicopter_drops', 'cat_runs'],
  accommodation: ['accommodation', 'hot_shower'],
  fees: ['permits_and_entrance_fees', 'visa_fee', 'personal_insurance'],
  campingGear: ['tents', 'sleeping_bag', 'sleeping_pad', 'cooking_utensils'],
  groupGear: [
    'rope', 'skis', 'chalk', 'helmet', 'ice_axe', 'harness', 'crampons', 'ski_boots', 'ski_poles', 'crash_pads',
    'quickdraws', 'hiking_shoes', 'climbing_shoes', 'trekking_poles', 'avalanche_equipment', 'mountaineering_boots', 'belay_and_rappel_devices',
  ],
} as const;
export type IncludedItemGroup = keyof typeof includedItemGroups;
export type IncludedItem = (typeof includedItemGroups)[IncludedItemGroup][number];
export const includedItems = Object.values(includedItemGroups).flat() as IncludedItem[];
