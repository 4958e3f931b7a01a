import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Price } from '@/components/money/price';
import { Badge } from '@/components/ui/badge';
import { departureEnd } from '@/lib/booking/availability';
import type { UpcomingOpenGroup } from '@/lib/db/queries/home';
import { isoDayToDate } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import { displayPrice, type ConversionSettings } from '@/lib/money/pricing';
import { paths } from '@/lib/routing/paths';
import { HomeSection } from './home-section';
import styles from './home-sections.module.css';

/** The next departures that still have spots, with dates, spots left and the price per person in the visitor's currency. */
export function UpcomingOpenGroups({ groups, conversion }: { groups: UpcomingOpenGroup[]; conversion: ConversionSettings }) {
  const t = useTranslations('HomeSections.openGroups');
  const locale = useLocale() as Locale;
  const format = useFormatter();
  if (groups.length === 0) return null;
  return (
    <HomeSection id="open-groups" title={t('heading')} intro={t('intro')} more={{ href: paths.openGroups(locale), label: t('seeAll') }}>
      <ul className={styles.rail}>
        {groups.map((group) => {
          const price = displayPrice({ amountMinor: group.pricePerPersonMinor, currency: group.currency }, group, conversion);
          const end = departureEnd(group.startsOn, group.durationDays);
          return (
            <li key={group.id} className={styles.group}>
              <p className={styles.groupDates}>
                <time dateTime={group.startsOn}>
                  {format.dateTimeRange(isoDayToDate(group.startsOn), isoDayToDate(end), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}
                </time>
              </p>
              <h3 className={styles.cardTitle}>
                <a href={paths.trip(locale, group.slug)}>{group.title}</a>
              </h3>
              <p className={styles.muted}>
                {group.region}, {group.countryName}
              </p>
              <p className={styles.badges}>
                <Badge tone={group.openSpots <= 2 ? 'warning' : 'neutral'}>{t('spotsLeft', { count: group.openSpots })}</Badge>
                {group.confirmed ? <Badge tone="success">{t('confirmed')}</Badge> : null}
              </p>
              <p className={styles.groupPrice}>
                <Price price={price} className={styles.amount} /> <span>{t('perPerson')}</span>
              </p>
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}
