import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, type Activity } from '@/lib/catalogue/vocabulary';
import { suggestDestinations } from '@/lib/db/queries/suggest';
import type { Locale } from '@/lib/locales';
import { SUGGESTION_LIMITS } from '@/lib/search/suggest';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const messages = { en, fr, es };
const labels = (locale: Locale) => ({
  activity: Object.fromEntries(activities.map((key) => [key, messages[locale].Catalogue.activity[key]])) as Record<Activity, string>,
});

describe.each(testDatabaseServers())('suggestions on the $name server', (server) => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(async () => database?.close());
  const suggest = (text: string, locale: Locale = 'en') => suggestDestinations(text, locale, labels(locale), database.db);

  it('suggests places with a typo, in the page language, linked to their search', async () => {
    const { items, complete } = await suggest('chamonx', 'fr');
    expect(complete).toBe(true);
    expect(items[0]).toMatchObject({ kind: 'place', label: expect.stringMatching(/Chamonix/) });
    expect(items[0]!.href).toMatch(/^\/fr\/search\?query=/);
    expect((await suggest('nepal', 'es')).items[0]).toMatchObject({ kind: 'place', label: 'Nepal' });
  });

  it('suggests activities and trips, within the limits', async () => {
    const ski = await suggest('ski', 'fr');
    expect(ski.items.length).toBeLessThanOrEqual(SUGGESTION_LIMITS.total);
    expect(ski.items).toContainEqual(expect.objectContaining({ kind: 'activity', label: 'Ski de randonnée', href: '/fr/search?activity=ski-touring' }));
    const trips = (await suggest('tour du mont')).items.filter((item) => item.kind === 'trip');
    expect(trips.length).toBeGreaterThan(0);
    expect(trips[0]!.href).toMatch(/^\/trip\//);
  });

  it('suggests towns and cities people type, in the page language, with their country', async () => {
    expect((await suggest('genev', 'fr')).items).toContainEqual(expect.objectContaining({ kind: 'place', label: 'Genève', detail: 'Suisse', href: '/fr/search?query=Gen%C3%A8ve' }));
    expect((await suggest('gene', 'en')).items).toContainEqual(expect.objectContaining({ kind: 'place', label: 'Geneva', detail: 'Switzerland' }));
    expect((await suggest('mila', 'es')).items).toContainEqual(expect.objectContaining({ kind: 'place', label: 'Milán', detail: 'Italia' }));
    // Three letters offer no town: they match thousands of villages.
    expect((await suggest('gen')).items.filter((item) => item.label === 'Geneva')).toEqual([]);
    // A town the catalogue names already is offered once.
    const chamonix = (await suggest('chamonix')).items.filter((item) => item.kind === 'place' && item.label === 'Chamonix-Mont-Blanc');
    expect(chamonix).toEqual([expect.objectContaining({ detail: null })]);
  });

  it('suggests nothing for one letter or gibberish, without error', async () => {
    expect((await suggest('c')).items).toEqual([]);
    expect((await suggest('zzqxwv')).items).toEqual([]);
  });
});
