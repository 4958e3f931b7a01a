import { describe, expect, it } from 'vitest';
import { itinerarySteps } from '@/lib/catalogue/itinerary';

describe('itinerary steps', () => {
  it('takes the day label a title starts with off it, with the days it covers', () => {
    expect(itinerarySteps(['Day 1 · Arrival in Kathmandu', 'Days 3–4 · Namche Bazaar', 'Día 5 · Tengboche'])).toEqual([
      { from: 1, to: 1, title: 'Arrival in Kathmandu' },
      { from: 3, to: 4, title: 'Namche Bazaar' },
      { from: 5, to: 5, title: 'Tengboche' },
    ]);
    expect(itinerarySteps(['Jours 2-3 : Refuge du Goûter'])).toEqual([{ from: 2, to: 3, title: 'Refuge du Goûter' }]);
  });

  it('numbers titles without a label from the day after the previous entry', () => {
    expect(itinerarySteps(['Arrival', 'Days 2–3 · Acclimatisation', 'Summit day', 'Day'])).toEqual([
      { from: 1, to: 1, title: 'Arrival' },
      { from: 2, to: 3, title: 'Acclimatisation' },
      { from: 4, to: 4, title: 'Summit day' },
      { from: 5, to: 5, title: 'Day' },
    ]);
  });

  it('leaves a title that only starts like a label alone', () => {
    expect(itinerarySteps(['Daybreak on the glacier', 'Day 2'])).toEqual([
      { from: 1, to: 1, title: 'Daybreak on the glacier' },
      { from: 2, to: 2, title: 'Day 2' },
    ]);
  });
});
