import { describe, expect, it } from 'vitest';
import { displayNames } from '@/lib/text/intl-cache';
import { regionName } from '@/lib/text/display-names';

describe('displayNames', () => {
  it('names in the asked locale and type', () => {
    expect(regionName('CH', 'fr')).toBe('Suisse');
    expect(regionName('CH', 'es')).toBe('Suiza');
    expect(displayNames('en', 'language').of('fr')).toBe('French');
    expect(displayNames('fr', 'currency').of('EUR')).toBe('euro');
  });

  it('makes one namer per locale and type', () => {
    expect(displayNames('fr', 'region')).toBe(displayNames('fr', 'region'));
    expect(displayNames('fr', 'region')).not.toBe(displayNames('es', 'region'));
    expect(displayNames('fr', 'region')).not.toBe(displayNames('fr', 'language'));
  });
});
