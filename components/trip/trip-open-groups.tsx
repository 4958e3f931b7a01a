import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Price } from '@/components/money/price';
import { Badge } from '@/components/ui/badge';
import { departureEnd } from '@/lib/booking/availability';
import type { DisplayedPrice } from '@/lib/money/pricing';
import styles from './trip-page.module.css';
import { isoDayToDate } from '@/lib/iso-day';

export type OpenGroupView = {
  id: number;
  startsOn: string;
  durationDays: number;
  openSpots: number;
  totalSpots: number;
  confirmed: boolean;
  pricePerPerson: DisplayedPrice;
};

/** spec §3 open groups: dates, spots left, price per person, fixed duration, confirmed departure; a full group says so. */
export function TripOpenGroups({ groups, join }: { groups: OpenGroupView[]; join?: (group: OpenGroupView) => ReactNode }) {
  const t = useTranslations('TripPage.groups');
  const format = useFormatter();
  return (
    <ul className={styles.groupList} data-testid="open-groups">
      {groups.map((group) => {
        const full = group.openSpots === 0;
        return (
          <li key={group.id} className={styles.group} data-full={full || undefined} data-group={group.id} data-open-spots={group.openSpots}>
            <div>
              <p className={styles.groupDates}>
                {format.dateTimeRange(isoDayToDate(group.startsOn), isoDayToDate(departureEnd(group.startsOn, group.durationDays)), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}
              </p>
              <p className={styles.muted}>{t('duration', { count: group.durationDays })}</p>
            </div>
            <div className={styles.groupBadges}>
              {group.confirmed ? <Badge tone="success">{t('confirmed')}</Badge> : null}
              {full ? <Badge tone="danger">{t('full')}</Badge> : <Badge tone={group.openSpots <= 2 ? 'warning' : 'neutral'}>{t('spotsLeft', { count: group.openSpots })}</Badge>}
            </div>
            <p className={styles.groupPrice}>
              <Price price={group.pricePerPerson} className={styles.strong} /> <span className={styles.muted}>{t('perPerson')}</span>
            </p>
            {join ? <div className={styles.groupAction}>{join(group)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
