import { useLocale, useTranslations } from 'next-intl';
import { StarRating } from './star-rating';
import { formatRating } from '@/lib/text/numbers';

/** The average rating as stars and the review count, linking to the page's `#reviews` section. */
export function RatingLink({ average, count, className }: { average: number; count: number; className?: string }) {
  const t = useTranslations('TripPage.reviews');
  const locale = useLocale();
  return (
    <a href="#reviews" className={className}>
      <StarRating value={average} label={t('average', { average: formatRating(average, locale) })} />
      <span>{t('count', { count })}</span>
    </a>
  );
}
