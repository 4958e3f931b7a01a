import { describe, expect, it } from 'vitest';
import { excerpt } from '@/lib/text/excerpt';

describe('excerpt', () => {
  it('keeps a short text whole, with its whitespace folded', () => {
    expect(excerpt('  Great   guide,\nsuperb views. ', 80)).toBe('Great guide, superb views.');
  });

  it('cuts a long text at a word boundary, without trailing punctuation, within the length', () => {
    const text = 'Skied the best snow of my life. Our guide knew exactly which slopes were safe, every single day.';
    const short = excerpt(text, 40);
    expect(short).toBe('Skied the best snow of my life. Our…');
    expect(short.length).toBeLessThanOrEqual(40);
    expect(excerpt('Superbe séjour, guide attentionné; refuges confortables et repas copieux', 30)).toBe('Superbe séjour, guide…');
  });

  it('cuts inside a very long word rather than leaving almost nothing', () => {
    expect(excerpt('a '.concat('x'.repeat(50)), 12)).toBe(`a ${'x'.repeat(9)}…`);
  });
});
