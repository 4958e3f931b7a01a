'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { cancellationTerms, firstFreeDeparture, FREE_CANCELLATION_MIN_DAYS_AHEAD } from '@/lib/booking/cancellation';
import { isoDayToDate } from '@/lib/iso-day';
import formStyles from '@/components/forms/forms.module.css';

/**
 * The cancellation terms before the request is sent (spec §9): for the departure picked, whether
 * cancelling is free and until when; before any date, the lead time a free cancellation needs.
 */
export function CancellationNotice({ departure, termsHref, firstFreeDay }: { departure: string | null; termsHref: string; /** The server's first free day, for a page's HTML (the same once hydrated). */ firstFreeDay?: string }) {
  const t = useTranslations('BookingForm.terms');
  const format = useFormatter();
  const now = new Date();
  const terms = departure ? cancellationTerms(now, departure, now) : null;
  const text = !terms
    ? t('rule', { days: FREE_CANCELLATION_MIN_DAYS_AHEAD, date: format.dateTime(isoDayToDate(firstFreeDay ?? firstFreeDeparture(now)), { dateStyle: 'long', timeZone: 'UTC' }) })
    : terms.free
      ? t('free', { until: format.dateTime(terms.until, { dateStyle: 'long', timeStyle: 'short' }) })
      : t('notFree', { days: FREE_CANCELLATION_MIN_DAYS_AHEAD });
  return (
    <p className={terms && !terms.free ? formStyles.warning : formStyles.note} data-testid="cancellation-notice" data-free={terms ? String(terms.free) : undefined}>
      {text}{' '}
      <a href={termsHref} target="_blank" rel="noopener">
        {t('link')}
      </a>
    </p>
  );
}
