import { createTranslator, type AbstractIntlMessages } from 'next-intl';
import { formErrorTextsPath, readFormMessage } from '@/lib/forms/form-state';
import type { Locale } from '@/lib/locales';

/** A schema's message (`key` or `key?max=80`) in the page's language; any other text (the server's, translated already) as it is. */
export type ErrorTranslator = (message: string) => string;

// The texts per locale, loaded once per page by the first form that needs them (app/api/form-errors,
// made at build time); a failed load is tried again by the next.
const translators = new Map<string, Promise<ErrorTranslator>>();

/** The translator of the schemas' error keys, loaded with the form's schema (not with the page). */
export function loadErrorTranslator(locale: Locale): Promise<ErrorTranslator> {
  let loaded = translators.get(locale);
  if (!loaded) {
    loaded = fetch(formErrorTextsPath(locale), { headers: { accept: 'application/json' } }).then(async (response) => {
      const texts: unknown = response.ok ? await response.json() : null;
      if (!texts || typeof texts !== 'object') throw new Error(`form error texts: ${response.status}`);
      // Keyed by the schemas' strings, not by the typed message keys of the app's namespaces.
      const t = createTranslator({ locale, messages: texts as AbstractIntlMessages }) as unknown as { (key: string, values: Record<string, number>): string; has(key: string): boolean };
      return (message: string) => {
        const { key, values } = readFormMessage(message);
        return t.has(key) ? t(key, values) : message;
      };
    });
    loaded.catch(() => translators.delete(locale));
    translators.set(locale, loaded);
  }
  return loaded;
}
