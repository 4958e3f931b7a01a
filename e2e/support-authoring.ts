import { expect, type Page } from '@playwright/test';
import en from '../messages/en.json';
import fr from '../messages/fr.json';

const messages = { en, fr } as const;
type Locale = keyof typeof messages;

/** The texts form of a language, filled and saved. */
export async function writeTexts(page: Page, locale: Locale, textLocale: 'en' | 'fr' | 'es', title: string) {
  const m = messages[locale].TripAuthoring.texts;
  const form = page.getByTestId(`texts-form-${textLocale}`);
  await form.getByLabel(m.tripTitle, { exact: true }).fill(title);
  await form.getByLabel(m.region, { exact: true }).fill('Valais');
  await form.getByLabel(m.summary, { exact: true }).fill('Five days from hut to hut below the Matterhorn.');
  await form.getByLabel(m.description, { exact: true }).fill('A traverse of the high Valais, glaciers and passes, with a certified guide.');
  await form.getByLabel(m.itinerary, { exact: true }).fill('Zermatt to the Schönbiel hut\nUp the valley, four hours.\n\nOver the Col\nA glacier day.');
  await form.getByLabel(m.faq, { exact: true }).fill('Do we carry our food?\nNo, the huts cook for us.');
  await form.getByLabel(m.information, { exact: true }).fill('Meet at Zermatt station at 8:00.');
  await form.getByRole('button', { name: m.save.replace('{language}', '').trim().split(' ')[0] }).click();
  await expect(form.getByRole('status')).toHaveText(m.saved);
}
