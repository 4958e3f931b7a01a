import { describe, expect, it } from 'vitest';
import { activitiesStartingWith, readActivities } from '@/lib/search/activity-words';
import { readQuery } from '@/lib/search/query-text';

describe('activity words in a query', () => {
  it.each([
    ['ski', 'ski-touring'],
    ['ski touring', 'ski-touring'],
    ['skitour', 'ski-touring'],
    ['ski de randonnée', 'ski-touring'],
    ['esquí de travesía', 'ski-touring'],
    ['skiing', 'ski-touring'],
    ['ice', 'ice-climbing'],
    ['ice climbing', 'ice-climbing'],
    ['glace', 'ice-climbing'],
    ['cascade de glace', 'ice-climbing'],
    ['hielo', 'ice-climbing'],
    ['escalada en hielo', 'ice-climbing'],
    ['heli', 'heli-skiing'],
    ['heli-ski', 'heli-skiing'],
    ['héliski', 'heli-skiing'],
    ['trek', 'trekking'],
    ['treks', 'trekking'],
    ['trekking', 'trekking'],
    ['randonnée', 'hiking'],
    ['senderismo', 'hiking'],
    ['climb', 'rock-climbing'],
    ['climbers', 'rock-climbing'],
    ['escalade', 'rock-climbing'],
    ['escalada', 'rock-climbing'],
    ['alpinism', 'mountaineering'],
    ['alpinisme', 'mountaineering'],
    ['alpinismo', 'mountaineering'],
    ['via ferrata', 'via-ferrata'],
    ['raquettes', 'snowshoeing'],
    ['freeride', 'freeride'],
  ])('%s → %s', (query, activity) => {
    expect(readActivities(query)).toEqual({ activities: [activity], rest: '' });
  });

  it('matches the beginning of a word of 3+ letters', () => {
    expect(readActivities('hel').activities).toEqual(['heli-skiing']);
    expect(readActivities('esc').activities).toEqual(['rock-climbing']);
    expect(readActivities('alpinis').activities).toEqual(['mountaineering']);
    expect(readActivities('sno').activities).toEqual(['snowshoeing']);
    expect(readActivities('sk').activities).toEqual([]);
  });

  it('forgives one typo in a long word, and accents either way', () => {
    expect(readActivities('alpinsime').activities).toEqual(['mountaineering']);
    expect(readActivities('trekiing').activities).toEqual(['trekking']);
    expect(readActivities('ESQUI de travesia').activities).toEqual(['ski-touring']);
    expect(readActivities('randonnee').activities).toEqual(['hiking']);
    expect(readActivities('Ferrara').activities).toEqual([]);
  });

  it('combines a place and an activity, in any order and language', () => {
    expect(readActivities('Chamonix ski')).toEqual({ activities: ['ski-touring'], rest: 'chamonix' });
    expect(readActivities('trekking au Népal')).toEqual({ activities: ['trekking'], rest: 'nepal' });
    expect(readActivities('escalada en Patagonia')).toEqual({ activities: ['rock-climbing'], rest: 'patagonia' });
    expect(readActivities('ski and ice in Norway')).toEqual({ activities: ['ski-touring', 'ice-climbing'], rest: 'norway' });
  });

  it('leaves places and words that only look like activities', () => {
    expect(readActivities('Iceland').activities).toEqual([]);
    expect(readActivities('Skien').activities).toEqual([]);
    expect(readActivities('Rocky Mountains').activities).toEqual([]);
    expect(readActivities('mountain guide').activities).toEqual([]);
    expect(readActivities('Alpes').activities).toEqual([]);
    expect(readActivities('Tre Cime').activities).toEqual([]);
    expect(readActivities('Nepal')).toEqual({ activities: [], rest: 'nepal' });
  });

  it('keeps a place named exactly as a place, even with an activity word in it', () => {
    expect(readActivities('Hielo Continental').activities).toEqual(['ice-climbing']);
    expect(readQuery('Hielo Continental').activities).toEqual([]);
    expect(readQuery('Chamonix ski')).toEqual({ activities: ['ski-touring'], rest: 'chamonix' });
  });

  it('lists the activities a typed beginning may stand for', () => {
    expect(activitiesStartingWith('ski')).toContain('ski-touring');
    expect(activitiesStartingWith('ski')).toContain('heli-skiing');
    expect(activitiesStartingWith('esca')).toEqual(expect.arrayContaining(['rock-climbing', 'ice-climbing']));
    expect(activitiesStartingWith('x')).toEqual([]);
  });
});
