import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { formatDecimal, formatRating } from '@/lib/text/numbers';
// @ts-expect-error plain ESM module shared with scripts/check-i18n.mjs
import { frenchTypographyProblem, spanishTypographyProblem } from '@/scripts/i18n-rules.mjs';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

describe('numbers and punctuation in the reader’s language', () => {
  it('writes a rating with the locale’s decimal separator', () => {
    expect(formatRating(4.5, 'fr')).toBe('4,5');
    expect(formatRating(4.5, 'es')).toBe('4,5');
    expect(formatRating(4.5, 'en')).toBe('4.5');
    expect(formatRating(5, 'fr')).toBe('5');
    expect(formatDecimal(1234.5, 'fr')).toBe('1\u202f234,5');
  });

  it('shows "4,5" on a French and Spanish trip card', () => {
    const card = (messages: typeof fr, locale: string) => createTranslator({ locale: locale as 'fr', messages, namespace: 'TripCard' })('rating', { rating: formatRating(4.5, locale), count: 3 });
    expect(card(fr, 'fr')).toBe('★ 4,5 · 3 avis');
    expect(card(es as typeof fr, 'es')).toBe('★ 4,5 · 3 opiniones');
  });

  it('asks French text for a narrow no-break space before ; : ! ? and inside « »', () => {
    expect(frenchTypographyProblem('Langue\u202f: Français')).toBeNull();
    expect(frenchTypographyProblem('Besoin d’aide\u202f?')).toBeNull();
    expect(frenchTypographyProblem('Voir https://cordee.example')).toBeNull();
    expect(frenchTypographyProblem('Langue: Français')).not.toBeNull();
    expect(frenchTypographyProblem('Langue : Français')).not.toBeNull();
    expect(frenchTypographyProblem('Besoin d’aide\u00a0?')).not.toBeNull();
    expect(frenchTypographyProblem('« Bonjour »')).not.toBeNull();
    expect(frenchTypographyProblem('«\u202fBonjour\u202f»')).toBeNull();
  });

  it('keeps a percentage whole: a narrow no-break space in French, a no-break space in Spanish', () => {
    expect(frenchTypographyProblem('Acompte (30\u202f%)')).toBeNull();
    expect(frenchTypographyProblem('Acompte (30 %)')).not.toBeNull();
    expect(frenchTypographyProblem('Acompte (30%)')).not.toBeNull();
    expect(spanishTypographyProblem('Depósito (30\u00a0%)')).toBeNull();
    expect(spanishTypographyProblem('Depósito (30 %)')).not.toBeNull();
  });

  it('asks Spanish questions and exclamations to open with ¿ and ¡', () => {
    expect(spanishTypographyProblem('¿Necesitas ayuda?')).toBeNull();
    expect(spanishTypographyProblem('Necesitas ayuda?')).not.toBeNull();
    expect(spanishTypographyProblem('¡Gracias!')).toBeNull();
    expect(spanishTypographyProblem('Gracias!')).not.toBeNull();
  });
});
