import { useFormatter, useTranslations } from 'next-intl';
import { StarRating } from './star-rating';

/** The average rating as stars and the review count, linking to the page's `#reviews` section. */
export function RatingLink({ average, count, className }: { average: number; count: number; className?: string }) {
  const t = useTranslations('TripPage.reviews');
  const format = useFormatter();
  return (
    <a href="#reviews" className={className}>
      <StarRating value={average} label={t('average', { average: format.number(average, { maximumFractionDigits: 1 }) })} />
      <span>{t('count', { count })}</span>
    </a>
  );
}
