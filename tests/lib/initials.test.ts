import { describe, expect, it } from 'vitest';
import { initialsOf } from '@/lib/text/initials';

describe('initialsOf', () => {
  it.each([
    ['Chamonix Alpine Guides', 'CA'],
    ['Pemba Sherpa', 'PS'],
    ['Tian-Shan Expeditions', 'TS'],
    ['Íñigo', 'Í'],
    ['élan  vertical', 'ÉV'],
    ['4810 Guides', 'G'],
    ['', ''],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
