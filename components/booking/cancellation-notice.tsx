'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { cancellationTerms, firstFreeDeparture, FREE_CANCELLATION_MIN_DAYS_AHEAD } from '@/lib/booking/cancellation';
import { firstRequestableDay } from '@/lib/booking/lead-time';
import { isoDayOf, isoDayToDate } from '@/lib/iso-day';
import formStyles from '@/components/forms/forms.module.css';

export type CancellationNoticeProps = {
  departure: string | null;
  termsHref: string;
  /** The guide's lead time in days: the first departure a request may name. */
  leadDays: number;
  guideName: string;
  /** The server's first free day, for a page's HTML (the same once hydrated). */
  firstFreeDay?: string;
};

/**
 * The terms before the request is sent (spec §9): for the departure picked, whether cancelling is
 * free and until when; before any date, the guide's lead time and the lead time a free cancellation needs.
 */
export function CancellationNotice({ departure, termsHref, leadDays, guideName, firstFreeDay }: CancellationNoticeProps) {
  const t = useTranslations('BookingForm.terms');
  const format = useFormatter();
  const now = new Date();
  const day = (iso: string) => format.dateTime(isoDayToDate(iso), { dateStyle: 'long', timeZone: 'UTC' });
  const terms = departure ? cancellationTerms(now, departure, now) : null;
  const firstDay = firstRequestableDay(isoDayOf(now), leadDays);
  const freeDay = firstFreeDay ?? firstFreeDeparture(now);
  // A lead time as long as the free cancellation's makes every request free to cancel for 48 hours.
  const rule = freeDay <= firstDay ? t('leadFree', { guide: guideName, days: leadDays, date: day(firstDay) }) : `${t('lead', { guide: guideName, days: leadDays, date: day(firstDay) })} ${t('rule', { days: FREE_CANCELLATION_MIN_DAYS_AHEAD, date: day(freeDay) })}`;
  const text = !terms ? rule : terms.free ? t('free', { until: format.dateTime(terms.until, { dateStyle: 'long', timeStyle: 'short' }) }) : t('notFree', { days: FREE_CANCELLATION_MIN_DAYS_AHEAD });
  return (
    <p className={terms && !terms.free ? formStyles.warning : formStyles.note} data-testid="cancellation-notice" data-free={terms ? String(terms.free) : undefined} data-lead-days={leadDays}>
      {text}{' '}
      <a href={termsHref} target="_blank" rel="noopener">
        {t('link')}
      </a>
    </p>
  );
}
