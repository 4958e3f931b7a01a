import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/money/format';
import type { DisplayedPrice } from '@/lib/money/pricing';
import { isoDayToDate } from '@/lib/iso-day';
import { dateTimeFormat } from '@/lib/text/intl-cache';

/**
 * The rates' day as a message's long date, from the formatter kept per locale: next-intl's own would
 * be built again on every request, and a page of results shows a dozen prices.
 */
function rateDay(isoDay: string, locale: string): string {
  return dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(isoDayToDate(isoDay));
}

/**
 * A price in the visitor's currency, formatted for the page's locale. A converted price says so on
 * hover (and to screen readers through the title): spec §4, "this price was converted from X".
 */
export function Price({ price, className }: { price: DisplayedPrice; className?: string }) {
  const locale = useLocale();
  const t = useTranslations('Price');
  const text = formatMoney(price.money, locale);
  if (!price.convertedFrom || !price.rateDate) {
    return (
      <span className={className} data-currency={price.money.currency}>
        {text}
      </span>
    );
  }
  return (
    <span className={className} data-currency={price.money.currency} title={t('convertedFrom', { currency: price.convertedFrom, date: rateDay(price.rateDate, locale) })}>
      {text}
    </span>
  );
}

/**
 * spec §4 "If the chosen currency has no rate, the trip's original currency is shown": a short line
 * saying why a price is not in the visitor's currency; nothing when it is.
 */
export function ForeignCurrencyNote({ price, visitorCurrency, className }: { price: DisplayedPrice; visitorCurrency: string; className?: string }) {
  const t = useTranslations('Price');
  if (price.money.currency === visitorCurrency) return null;
  return (
    <p className={className} data-testid="foreign-currency">
      {t('noRate', { currency: price.money.currency, visitor: visitorCurrency })}
    </p>
  );
}
