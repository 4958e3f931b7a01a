import { getLocale, getTranslations } from 'next-intl/server';
import { currencyName, currencySymbol } from '@/lib/money/format';
import type { PageAudience } from '@/lib/server/page-audience';
import { getPricingContext } from '@/lib/server/pricing-context';
import { CurrencyMenu, type CurrencyOption } from './currency-menu';
import { isoDayToDate } from '@/lib/iso-day';

/**
 * The header's currency picker (spec §4): every supported currency with its symbol and its name in
 * the page's language, the visitor's resolved currency selected. Translated here; the list is the client leaf.
 */
export async function CurrencyPicker({ audience }: { audience: PageAudience }) {
  const [locale, t, pricing] = await Promise.all([getLocale(), getTranslations('CurrencyPicker'), getPricingContext(audience)]);
  const option = (code: string): CurrencyOption => {
    const name = currencyName(code, locale);
    const symbol = currencySymbol(code, locale);
    // "franc suisse" → "Franc suisse"; a symbol that is just the code is not repeated.
    return { code, symbol: symbol === code ? '' : symbol, name: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) };
  };
  const collator = new Intl.Collator(locale);
  const options = pricing.supported.map(option).sort((a, b) => collator.compare(a.name, b.name));
  const current = option(pricing.currency.code);
  const ratesNote = pricing.ratesDate
    ? t('ratesNote', { date: isoDayToDate(pricing.ratesDate) })
    : t('noRates');
  return (
    <CurrencyMenu
      current={current}
      options={options}
      labels={{
        button: t('button', { currency: current.name }),
        title: t('title'),
        close: t('close'),
        search: t('search'),
        searchPlaceholder: t('searchPlaceholder'),
        noMatch: t('noMatch'),
        ratesNote,
      }}
    />
  );
}
