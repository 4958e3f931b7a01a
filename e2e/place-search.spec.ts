import { expect, test, type Page } from '@playwright/test';
import { createTranslator } from 'use-intl/core';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { collectErrors } from './support';

const messages = { en, fr, es } as const;
type Locale = keyof typeof messages;
const searchPath = { en: '/search', fr: '/fr/search', es: '/es/search' } as const;

test.skip(({ isMobile }) => isMobile, 'the same server answers at every width: proven once, on desktop');

/** A distance as the page writes it in its language ('1,234 km', '1 234 km', '8,5 km') → km. */
function kilometresIn(text: string, locale: Locale): number {
  const written = /([\d\s\u00a0\u202f.,]+)\s*km/.exec(text)?.[1]?.trim();
  if (!written) return Number.NaN;
  const plain = locale === 'en' ? written.replace(/,/g, '') : written.replace(/[\s\u00a0\u202f.]/g, '').replace(',', '.');
  return Number(plain);
}

async function search(page: Page, locale: Locale, query: string) {
  await page.goto(`${searchPath[locale]}?query=${encodeURIComponent(query)}`);
  const cards = page.getByTestId('search-results').locator(':scope > li > p');
  await expect(cards.first()).toBeVisible();
  return { cards: await cards.allTextContents(), note: (await page.getByTestId('search-radius').textContent()) ?? '' };
}

const towns: [Locale, string, string][] = [
  ['en', 'Geneva', 'Geneva'],
  ['fr', 'Genève', 'Genève'],
  ['es', 'Ginebra', 'Ginebra'],
  ['en', 'Milan', 'Milan'],
  ['fr', 'Milan', 'Milan'],
  ['es', 'Milán', 'Milán'],
];

for (const [locale, query, name] of towns) {
  test(`a town typed in ${locale} ('${query}') lists the trips by distance from it`, async ({ page }) => {
    const errors = collectErrors(page);
    const { cards, note } = await search(page, locale, query);
    // A town takes no article before it in French or Spanish (lib/search/place-article.ts).
    const title = createTranslator({ locale, messages: messages[locale], namespace: 'Search' })('titlePlace', { place: name, article: 'none' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(note).toContain(name);
    // Every card says how far it is from the town, nearest first.
    const distances = cards.map((text) => kilometresIn(text, locale));
    expect(cards.every((text) => text.includes(name))).toBe(true);
    expect(distances.every((distance) => distance > 0)).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(errors).toEqual([]);
  });
}

for (const [locale, query] of [['en', 'Paris'], ['fr', 'Paris'], ['es', 'París']] as const) {
  test(`a town with no trip nearby ('${query}', ${locale}) says how far the nearest trip is`, async ({ page }) => {
    const { cards, note } = await search(page, locale, query);
    // The note names the nearest trip's distance, which is the first card's.
    const nearest = /([\d\s\u00a0\u202f.,]+\s*km)/.exec(cards[0]!)![1]!.trim();
    expect(note).toContain(nearest);
    expect(note).toMatch(/\b20\s*km/);
    expect(kilometresIn(nearest, locale)).toBeGreaterThan(300);
    const distances = cards.map((text) => kilometresIn(text, locale));
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });
}
