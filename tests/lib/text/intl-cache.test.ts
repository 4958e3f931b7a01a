import { describe, expect, it } from 'vitest';
import { collator, dateTimeFormat, numberFormat } from '@/lib/text/intl-cache';

describe('Intl objects made once per locale and options', () => {
  it('gives back the same object for the same locale and options, another for others', () => {
    const month = { month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('fr', month)).toBe(dateTimeFormat('fr', { ...month }));
    expect(dateTimeFormat('fr', month)).not.toBe(dateTimeFormat('es', month));
    expect(dateTimeFormat('fr', month).format(new Date(Date.UTC(2026, 6, 15)))).toBe('juillet 2026');
    expect(numberFormat('fr', { maximumFractionDigits: 1 })).toBe(numberFormat('fr', { maximumFractionDigits: 1 }));
    expect(collator('fr')).toBe(collator('fr'));
  });

  it("sorts as the locale's collation does", () => {
    expect(['Zambie', 'Égypte', 'Estonie'].sort(collator('fr').compare)).toEqual(['Égypte', 'Estonie', 'Zambie']);
  });

  it('still answers past its bound (1,024 option sets of a kind)', () => {
    // Options Intl ignores still make keys of their own.
    const formats = Array.from({ length: 1100 }, (_, index) => numberFormat('en', { maximumFractionDigits: 1, variant: index } as Intl.NumberFormatOptions));
    expect(formats.every((format) => format.format(1.25) === '1.3')).toBe(true);
  });
});
