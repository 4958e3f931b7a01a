import { getLocale, getTranslations } from 'next-intl/server';
import { currencyName, currencySymbol } from '@/lib/money/format';
import type { PageAudience } from '@/lib/server/page-audience';
import { getPricingContext } from '@/lib/server/pricing-context';
import { CurrencyMenuFromJson, type CurrencyMenuProps, type CurrencyOption } from './currency-menu';
import { isoDayToDate } from '@/lib/iso-day';

/** A currency as the picker lists it, in the page's language. */
function currencyOption(code: string, locale: string): CurrencyOption {
  const name = currencyName(code, locale);
  const symbol = currencySymbol(code, locale);
  // "franc suisse" → "Franc suisse"; a symbol that is just the code is not repeated.
  return { code, symbol: symbol === code ? '' : symbol, name: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) };
}

/** The sorted list per locale and list of rated currencies: the same for every page, made once per rates update. */
const optionLists = new Map<string, CurrencyOption[]>();
/** Locales × the rates' lists a process lives through: a few; a bound all the same. */
const MAX_OPTION_LISTS = 16;

function sortedOptions(locale: string, supported: string[]): CurrencyOption[] {
  const key = `${locale}:${supported.join(',')}`;
  let options = optionLists.get(key);
  if (!options) {
    const collator = new Intl.Collator(locale);
    options = supported.map((code) => currencyOption(code, locale)).sort((a, b) => collator.compare(a.name, b.name));
    if (optionLists.size >= MAX_OPTION_LISTS) optionLists.clear();
    optionLists.set(key, options);
  }
  return options;
}

/**
 * The picker's props as JSON text per locale, rates and visitor's currency: the same for every page
 * until the rates change, so translated (and serialized) once (its date would otherwise build next-intl's per-request
 * DateTimeFormat on every page rendered on request).
 */
const pickerProps = new Map<string, string>();
/** Locales × rated currencies (3 × about 30) per rates update; cleared past it. */
const MAX_PICKER_PROPS = 256;

/**
 * The header's currency picker (spec §4): every supported currency with its symbol and its name in
 * the page's language, the visitor's resolved currency selected. Translated here; the list is the client leaf.
 */
export async function CurrencyPicker({ audience }: { audience: PageAudience }) {
  const [locale, pricing] = await Promise.all([getLocale(), getPricingContext(audience)]);
  const key = `${locale}|${pricing.currency.code}|${pricing.ratesDate}|${pricing.supported.join(',')}`;
  let props = pickerProps.get(key);
  if (!props) {
    const t = await getTranslations({ locale, namespace: 'CurrencyPicker' });
    const current = currencyOption(pricing.currency.code, locale);
    props = JSON.stringify({
      current,
      options: sortedOptions(locale, pricing.supported),
      labels: {
        button: t('button', { currency: current.name }),
        title: t('title'),
        close: t('close'),
        search: t('search'),
        searchPlaceholder: t('searchPlaceholder'),
        noMatch: t('noMatch'),
        ratesNote: pricing.ratesDate ? t('ratesNote', { date: isoDayToDate(pricing.ratesDate) }) : t('noRates'),
      },
    } satisfies CurrencyMenuProps);
    if (pickerProps.size >= MAX_PICKER_PROPS) pickerProps.clear();
    pickerProps.set(key, props);
  }
  return <CurrencyMenuFromJson json={props} />;
}
