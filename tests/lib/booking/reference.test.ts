import { describe, expect, it } from 'vitest';
import { formatReference, newReference, parseReference, randomBelow, REFERENCE_ALPHABET, REFERENCE_LENGTH } from '@/lib/booking/reference';

describe('opaque references', () => {
  it('draws 8 characters from an alphabet without 0, O, 1, I or L', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(REFERENCE_ALPHABET.length);
    for (let draw = 0; draw < 500; draw += 1) expect(newReference()).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`));
  });

  it('uses every character and repeats no reference over many draws', () => {
    const drawn = Array.from({ length: 5000 }, () => newReference());
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(new Set(drawn.join(''))).toEqual(new Set(REFERENCE_ALPHABET));
  });

  it('draws below the bound, uniformly enough', () => {
    const counts = new Array<number>(31).fill(0);
    for (let draw = 0; draw < 31_000; draw += 1) counts[randomBelow(31)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(700);
  });

  it('is shown in two groups and read back however it is typed', () => {
    expect(formatReference('K7Q4MZ2T')).toBe('K7Q4-MZ2T');
    expect(parseReference('k7q4 mz2t')).toBe('K7Q4MZ2T');
    expect(parseReference('#K7Q4-MZ2T')).toBe('K7Q4MZ2T');
    expect(parseReference('K7Q4-MZ2O')).toBeNull();
    expect(parseReference('12')).toBeNull();
  });
});
