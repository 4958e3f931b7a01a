import { createTranslator, type AbstractIntlMessages } from 'next-intl';
import { formErrorTextsPath, readFormMessage } from '@/lib/forms/form-state';
import type { Locale } from '@/lib/locales';
import { fetchBuildJson } from './build-json';

/** A schema's message (`key` or `key?max=80`) in the page's language; any other text (the server's, translated already) as it is. */
export type ErrorTranslator = (message: string) => string;

/** The translator of the schemas' error keys, loaded with the form's schema (not with the page): once per page and locale. */
export function loadErrorTranslator(locale: Locale): Promise<ErrorTranslator> {
  return fetchBuildJson(formErrorTextsPath(locale), (texts) => {
    if (!texts || typeof texts !== 'object') return null;
    // Keyed by the schemas' strings, not by the typed message keys of the app's namespaces.
    const t = createTranslator({ locale, messages: texts as AbstractIntlMessages }) as unknown as { (key: string, values: Record<string, number>): string; has(key: string): boolean };
    return (message: string) => {
      const { key, values } = readFormMessage(message);
      return t.has(key) ? t(key, values) : message;
    };
  });
}
