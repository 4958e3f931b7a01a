import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import { formats } from '@/i18n/formats';
import { fatalErrorMessages } from '@/lib/fatal-error-messages';
// @ts-expect-error plain ESM module shared with scripts/check-i18n.mjs
import { messageProblems } from '@/scripts/i18n-rules.mjs';

describe('messages', () => {
  it('fr and es have every key of en, translated, with the same placeholders', () => {
    expect(messageProblems(en, { fr, es }).problems).toEqual([]);
  });

  it('every named date, time and number style a message uses is defined (compiled messages know none by themselves)', () => {
    const styles = new Set<string>();
    for (const messages of [en, fr, es]) {
      for (const [, type, style] of JSON.stringify(messages).matchAll(/\{\s*\w+\s*,\s*(date|time|number)\s*,\s*(\w+)\s*\}/g)) styles.add(`${type === 'number' ? 'number' : 'dateTime'}.${style}`);
    }
    expect(styles.size).toBeGreaterThan(0);
    const defined = [...Object.keys(formats.dateTime).map((style) => `dateTime.${style}`), ...Object.keys(formats.number).map((style) => `number.${style}`)];
    expect([...styles].filter((style) => !defined.includes(style))).toEqual([]);
  });

  it('reports a missing key, an extra key, an untranslated string and a placeholder mismatch', () => {
    const base = { A: { one: 'Reserve with a deposit now', two: '© {year} Cordée' } };
    const broken = { A: { two: '© {annee} Cordée', three: 'x' } };
    const untranslated = { A: { one: 'Reserve with a deposit now', two: '© {year} Cordée, todos los derechos' } };
    expect(messageProblems(base, { fr: broken, es: untranslated }).problems).toEqual([
      'fr: missing key A.one',
      'fr: placeholders differ in A.two',
      'fr: key A.three is not in en',
      'es: A.one is still in English',
    ]);
  });

  it('takes an argument repeated in the branches of a select as one placeholder', () => {
    const base = { A: { near: 'Trips near {article, select, other {{place}}}' } };
    const french = { A: { near: 'Voyages près {article, select, m {du {place}} other {de {place}}}' } };
    const missing = { A: { near: 'Voyages près de {place}' } };
    expect(messageProblems(base, { fr: french, es: missing }).problems).toEqual(['es: placeholders differ in A.near']);
  });

  it.each([
    ['en', en],
    ['fr', fr],
    ['es', es],
  ] as const)('the global error page text in %s matches messages Error', (locale, messages) => {
    expect(fatalErrorMessages[locale].title).toBe(messages.Error.title);
    expect(fatalErrorMessages[locale].retry).toBe(messages.Error.retry);
  });

  it('keeps the spec §2 and §8 English texts exactly', () => {
    expect(en.NotFound.title).toBe('Oops! This page cannot be found.');
    expect(en.Error.title).toBe('The service is currently overloaded. Please wait a few minutes and try again.');
  });
});
