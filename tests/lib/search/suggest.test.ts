import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { activitySuggestions, gazetteerCandidates, locationCandidates, mergeSuggestions, prefixScore, rankCandidates, SUGGESTION_LIMITS, type SuggestionItem } from '@/lib/search/suggest';

const places = (text: string, locale: 'en' | 'fr' | 'es' = 'en') => rankCandidates(text, gazetteerCandidates(locale), 5).map((candidate) => candidate.label);

describe('suggestion ranking', () => {
  it('scores a beginning above a word inside above a typo, and nothing else', () => {
    expect(prefixScore('chamonix', 'chamonix')).toBe(1);
    expect(prefixScore('cham', 'chamonix mont blanc')).toBeGreaterThan(prefixScore('mont', 'chamonix mont blanc'));
    expect(prefixScore('mont', 'chamonix mont blanc')).toBeGreaterThan(prefixScore('chamonx', 'chamonix'));
    expect(prefixScore('chamonx', 'chamonix')).toBeGreaterThan(0);
    expect(prefixScore('zzz', 'chamonix')).toBe(0);
    expect(prefixScore('cha', 'xcha')).toBe(0);
  });

  it('finds places typed with typos or without accents', () => {
    expect(places('chamonx')[0]).toMatch(/Chamonix/);
    expect(places('zermat')[0]).toMatch(/Zermatt/);
    expect(places('annapurna').some((label) => /Annapurna/.test(label))).toBe(true);
    expect(places('nepa')[0]).toBe('Nepal');
  });

  it('ranks a match on the name shown above one on an alias', () => {
    const ranked = rankCandidates('cham', [
      { label: 'Annapurnas', names: ['annapurnas', 'chame'], weight: 3, value: 1 },
      { label: 'Chamonix', names: ['chamonix'], weight: 1, value: 2 },
    ], 5);
    expect(ranked.map((candidate) => candidate.label)).toEqual(['Chamonix', 'Annapurnas']);
    expect(places('cham', 'fr').slice(0, 2).some((label) => /Chamonix/.test(label))).toBe(true);
  });

  it("names places in the page's language, whichever language is typed", () => {
    expect(places('nepal', 'fr')[0]).toBe('Népal');
    expect(places('suiza', 'fr')).toContain('Suisse');
  });

  it('weighs catalogue locations by their trips, and keeps each label once', () => {
    const ranked = rankCandidates('cha', [...locationCandidates([{ location: 'Champex', trips: 1 }, { location: 'Chamonix', trips: 40 }]), ...locationCandidates([{ location: 'Chamonix', trips: 40 }])], 5);
    expect(ranked.map((candidate) => candidate.label)).toEqual(['Chamonix', 'Champex']);
  });

  it('suggests nothing for fewer than 2 letters', () => {
    expect(places('c')).toEqual([]);
    expect(activitySuggestions('s', en.Catalogue.activity)).toEqual([]);
  });

  it('suggests activities by their label or a synonym, in the language of the page', () => {
    expect(activitySuggestions('ski', en.Catalogue.activity)[0]).toBe('ski-touring');
    expect(activitySuggestions('ski', fr.Catalogue.activity)[0]).toBe('ski-touring');
    expect(activitySuggestions('glace', fr.Catalogue.activity)).toContain('ice-climbing');
    expect(activitySuggestions('heli', en.Catalogue.activity)).toEqual(['heli-skiing']);
  });

  it('merges places, activities and trips within their limits, places first', () => {
    const item = (kind: SuggestionItem['kind'], label: string): SuggestionItem => ({ kind, label, detail: null, href: `/${label}` });
    const merged = mergeSuggestions(
      Array.from({ length: 9 }, (_, i) => item('place', `p${i}`)),
      [item('activity', 'a'), item('activity', 'b'), item('activity', 'c')],
      [item('trip', 't1'), item('trip', 't1'), item('trip', 't2')],
    );
    expect(merged.length).toBe(SUGGESTION_LIMITS.total);
    expect(merged.map((entry) => entry.kind)).toEqual(['place', 'place', 'place', 'place', 'place', 'activity', 'activity', 'trip']);
  });

  it('puts the activities first when the typed text is read as an activity', () => {
    const item = (kind: SuggestionItem['kind'], label: string): SuggestionItem => ({ kind, label, detail: null, href: `/${label}` });
    const merged = mergeSuggestions([item('place', 'Karakol ski base')], [item('activity', 'Ski touring'), item('activity', 'Heli-skiing')], [item('trip', 't1')], true);
    expect(merged.map((entry) => entry.label)).toEqual(['Ski touring', 'Heli-skiing', 'Karakol ski base', 't1']);
  });
});
