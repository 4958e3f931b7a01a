import { describe, expect, it } from 'vitest';
import { slugOf } from '@/lib/catalogue/slug';
import { formErrors, issuesByField } from '@/lib/forms/errors';
import { newTripSchema, textBlocks, tripTextsSchema } from '@/lib/forms/trip-authoring-schemas';
import { readFormMessage } from '@/lib/forms/form-state';

const key = 'trip-authoring-test-0001';
const facts = {
  idempotencyKey: key,
  locale: 'en',
  title: 'Haute Route',
  place: 'Chamonix',
  'activities.ski-touring': 'on',
  tripType: 'group',
  'languages.en': 'on',
  skillLevel: 'high',
  fitnessLevel: 'high',
  tripLevel: 'hard',
  durationDays: '6',
  minDays: '6',
  maxGroupSize: '6',
  pricingMode: 'per_trip',
  currency: 'CHF',
  discountPercent: '0',
  'included.guiding_fee': 'on',
  'notIncluded.lift_tickets': 'on',
};
const texts = { idempotencyKey: key, locale: 'en', tripId: '4', textLocale: 'fr', title: 'Haute Route à ski', slug: '', summary: 'Six jours.', description: 'De Chamonix à Zermatt.', region: 'Valais', itinerary: '', faq: '', why: '', information: '', assistance: '' };

/** The form's FormData read as the server reads it: dotted names to objects. */
const asForm = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
};
const errorsOf = async (schema: typeof newTripSchema | typeof tripTextsSchema, values: Record<string, string>) => {
  const { readFormData } = await import('@/lib/forms/form-data');
  const parsed = schema.safeParse(readFormData(asForm(values)));
  return parsed.success ? {} : Object.fromEntries(Object.entries(issuesByField(parsed.error.issues)).map(([field, message]) => [field, readFormMessage(message).key]));
};

describe("a new trip's facts", () => {
  it('reads ticked boxes as lists', async () => {
    const { readFormData } = await import('@/lib/forms/form-data');
    const parsed = newTripSchema.parse(readFormData(asForm(facts)));
    expect(parsed).toMatchObject({ activities: ['ski-touring'], languages: ['en'], included: ['guiding_fee'], notIncluded: ['lift_tickets'], durationDays: 6 });
  });

  it.each([
    ['no activity', { 'activities.ski-touring': '' }, 'activities', formErrors.activitiesRequired],
    ['an activity not in the list', { 'activities.paragliding': 'on' }, 'activities', formErrors.checkData],
    ['no language', { 'languages.en': '' }, 'languages', formErrors.languagesRequired],
    ['a shortest booking longer than the trip', { minDays: '7' }, 'minDays', formErrors.minDaysInvalid],
    ['a trip of 61 days', { durationDays: '61', minDays: '1' }, 'durationDays', formErrors.tripDaysInvalid],
    ['an item both included and not', { 'notIncluded.guiding_fee': 'on' }, 'notIncluded', formErrors.includedTwice],
    ['a discount of 95 %', { discountPercent: '95' }, 'discountPercent', formErrors.discountInvalid],
    ['a currency without rates', { currency: 'XAF' }, 'currency', formErrors.checkData],
    ['no start place', { place: '  ' }, 'place', formErrors.placeRequired],
    ['no title', { title: '' }, 'title', formErrors.titleRequired],
  ])('refuses %s', async (_case, change, field, message) => {
    const values = Object.fromEntries(Object.entries({ ...facts, ...change }).filter(([, value]) => value !== ''));
    expect((await errorsOf(newTripSchema, values))[field]).toBe(message);
  });
});

describe("a trip's texts in one language", () => {
  it('takes the slug from the title when left empty, and reads the itinerary and FAQ blocks', () => {
    const parsed = tripTextsSchema.parse({ ...texts, itinerary: 'Argentière\nUp to the hut.\n\n  Col du Chardonnet  \nOver the pass.\nDown to Trient.', faq: 'Skins?\nWe lend them.' });
    expect(parsed.slug).toBe('haute-route-a-ski');
    expect(parsed.itinerary).toEqual([
      { title: 'Argentière', text: 'Up to the hut.' },
      { title: 'Col du Chardonnet', text: 'Over the pass.\nDown to Trient.' },
    ]);
    expect(parsed.faq).toEqual([{ question: 'Skins?', answer: 'We lend them.' }]);
  });

  it.each([
    ['a slug with spaces', { slug: 'haute route' }, 'slug', formErrors.slugInvalid],
    ['a slug with a double hyphen', { slug: 'haute--route' }, 'slug', formErrors.slugInvalid],
    ['a slug of 81 characters', { slug: 'a'.repeat(81) }, 'slug', formErrors.slugInvalid],
    ['a title of punctuation only', { title: '!!!', slug: '' }, 'slug', formErrors.slugInvalid],
    ['a question without its answer', { faq: 'Skins?' }, 'faq', formErrors.faqAnswerMissing],
    ['no summary', { summary: ' ' }, 'summary', formErrors.summaryRequired],
    ['no region', { region: '' }, 'region', formErrors.regionRequired],
    ['a language the site lacks', { textLocale: 'de' }, 'textLocale', formErrors.checkData],
  ])('refuses %s', async (_case, change, field, message) => {
    expect((await errorsOf(tripTextsSchema, { ...texts, ...change }))[field]).toBe(message);
  });

  it('accepts an upper-case slug as its lower-case form', () => {
    expect(tripTextsSchema.parse({ ...texts, slug: 'Haute-Route' }).slug).toBe('haute-route');
  });
});

describe('slugs and text blocks', () => {
  it.each([
    ['Haute Route à ski', 'haute-route-a-ski'],
    ['  Tour du Mont-Blanc — 11 días ', 'tour-du-mont-blanc-11-dias'],
    ['Straße über den Pass', 'strasse-uber-den-pass'],
    ['¡¡¡', ''],
  ])('%s → %s', (title, slug) => expect(slugOf(title)).toBe(slug));

  it('splits blocks on blank lines, however many', () => {
    expect(textBlocks('\n\nA\n\n\n \nB\nb\n')).toEqual([{ head: 'A', body: '' }, { head: 'B', body: 'b' }]);
  });
});
