import { useLocale, useTranslations } from 'next-intl';
import { buttonClassName } from '@/components/ui/button';
import { BOOKING_OPENER } from '@/components/booking/booking-opener';
import { formatMoney } from '@/lib/money/format';
import type { TripQuote } from '@/lib/money/pricing';
import styles from './trip-page.module.css';

/**
 * On phones, the booking bar kept at the bottom of the screen: the price for the chosen travellers
 * and "Request to book", which opens the booking drawer. Without JavaScript it is a link to the
 * booking form drawn in the page. Hidden (CSS only) while a field has the focus, a dialog is open or the consent
 * banner waits for an answer; it sits above the deposit banner.
 */
export function TripBookingBar({ quote, travellers, formId }: { quote: TripQuote | null; travellers: number; formId: string }) {
  const t = useTranslations('TripPage.booking');
  const form = useTranslations('BookingForm');
  const locale = useLocale();
  return (
    <div className={styles.bookingBar} data-testid="booking-bar">
      {quote ? (
        <p className={styles.bookingBarPrice}>
          <span className={styles.bookingBarTotal}>{formatMoney(quote.total, locale)}</span>
          <span>{t('total', { count: travellers })}</span>
        </p>
      ) : null}
      <a className={buttonClassName({ variant: 'accent' })} href={`#${formId}`} {...{ [BOOKING_OPENER]: '' }}>
        {form('open')}
      </a>
    </div>
  );
}
