import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Price } from '@/components/money/price';
import { Badge } from '@/components/ui/badge';
import { buttonClassName } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { departureEnd } from '@/lib/booking/availability';
import { openGroupQueryString, type OpenGroupFilters } from '@/lib/booking/open-group-filters';
import type { Activity } from '@/lib/catalogue/vocabulary';
import type { OpenGroupDeparture } from '@/lib/db/queries/open-groups';
import { isoDayToDate } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import type { DisplayedPrice } from '@/lib/money/pricing';
import { paths } from '@/lib/routing/paths';
import { paginationItems } from '@/lib/routing/pagination';
import styles from './open-groups.module.css';

export type DepartureView = OpenGroupDeparture & { pricePerPerson: DisplayedPrice };

type Props = {
  filters: OpenGroupFilters;
  choices: { activities: Activity[]; months: string[]; countries: { code: string; name: string }[] };
  departures: DepartureView[];
  total: number;
  page: number;
  pageCount: number;
  /** The join button (and its dialog) of a departure: the trip page's open-group join flow. */
  join: (departure: DepartureView) => ReactNode;
};

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The open-groups page: a plain GET filter form, the departures by month, pages of 20. */
export function OpenGroupsView({ filters, choices, departures, total, page, pageCount, join }: Props) {
  const t = useTranslations('OpenGroupsPage');
  const catalogue = useTranslations('Catalogue');
  const locale = useLocale() as Locale;
  const format = useFormatter();
  const base = paths.openGroups(locale);
  const filtered = Boolean(filters.activity || filters.month || filters.countryCode);
  const monthName = (month: string) => capitalized(format.dateTime(isoDayToDate(`${month}-01`), { month: 'long', year: 'numeric', timeZone: 'UTC' }));
  const byMonth = new Map<string, DepartureView[]>();
  for (const departure of departures) {
    const month = departure.startsOn.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), departure]);
  }

  return (
    <>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>

      <form method="get" action={base} className={styles.filters} aria-labelledby="open-groups-filters" data-testid="open-groups-filters">
        <VisuallyHidden as="h2" id="open-groups-filters">
          {t('filters.heading')}
        </VisuallyHidden>
        <Select
          name="activity"
          label={t('filters.activity')}
          placeholder={t('filters.anyActivity')}
          defaultValue={filters.activity ?? ''}
          options={choices.activities.map((activity) => ({ value: activity, label: catalogue(`activity.${activity}`) }))}
        />
        <Select
          name="month"
          label={t('filters.month')}
          placeholder={t('filters.anyMonth')}
          defaultValue={filters.month ?? ''}
          options={choices.months.map((month) => ({ value: month, label: monthName(month) }))}
        />
        <Select
          name="country"
          label={t('filters.country')}
          placeholder={t('filters.anyCountry')}
          defaultValue={filters.countryCode ?? ''}
          options={choices.countries.map((country) => ({ value: country.code, label: country.name }))}
        />
        <div className={styles.filterActions}>
          <button type="submit" className={buttonClassName({ variant: 'primary' })}>
            {t('filters.submit')}
          </button>
          {filtered ? (
            <a href={base} className={styles.clear}>
              {t('filters.clear')}
            </a>
          ) : null}
        </div>
      </form>

      <p className={styles.count} data-testid="open-groups-count">
        {t('count', { count: total })}
        {pageCount > 1 ? ` · ${t('pageOf', { page, count: pageCount })}` : null}
      </p>

      {departures.length === 0 ? (
        <div className={styles.empty} data-testid="open-groups-empty">
          <p className={styles.emptyTitle}>{t('empty')}</p>
          <p>{t('emptyHint')}</p>
          <a href={base} className={buttonClassName({ variant: 'secondary' })}>
            {t('clearAll')}
          </a>
        </div>
      ) : (
        [...byMonth].map(([month, list]) => (
          <section key={month} className={styles.month} aria-labelledby={`month-${month}`}>
            <h2 id={`month-${month}`} className={styles.monthTitle}>
              {monthName(month)}
            </h2>
            <ul className={styles.departures} data-testid="open-group-departures">
              {list.map((departure) => (
                <Departure key={departure.id} departure={departure} join={join} />
              ))}
            </ul>
          </section>
        ))
      )}

      {pageCount > 1 ? <Pagination base={base} filters={filters} page={page} pageCount={pageCount} /> : null}
    </>
  );
}

function Departure({ departure, join }: { departure: DepartureView; join: Props['join'] }) {
  const t = useTranslations('OpenGroupsPage.departure');
  const locale = useLocale() as Locale;
  const format = useFormatter();
  const full = departure.openSpots === 0;
  const end = departureEnd(departure.startsOn, departure.durationDays);
  return (
    <li className={styles.departure} data-full={full || undefined} data-open-spots={departure.openSpots} data-testid="open-group-departure" data-starts-on={departure.startsOn} data-country={departure.countryCode} data-activities={departure.activities.join(' ')}>
      <div className={styles.main}>
        <p className={styles.dates}>
          <time dateTime={departure.startsOn}>
            {format.dateTimeRange(isoDayToDate(departure.startsOn), isoDayToDate(end), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}
          </time>
          <span className={styles.duration}> · {t('duration', { count: departure.durationDays })}</span>
        </p>
        <h3 className={styles.tripTitle}>
          <a href={paths.trip(locale, departure.slug)}>{departure.title}</a>
        </h3>
        <p className={styles.place}>
          {departure.region}, {departure.countryName}
        </p>
      </div>
      <p className={styles.badges}>
        {full ? <Badge tone="danger">{t('full')}</Badge> : <Badge tone={departure.openSpots <= 2 ? 'warning' : 'neutral'}>{t('spots', { open: departure.openSpots, total: departure.totalSpots })}</Badge>}
        {departure.confirmed ? <Badge tone="success">{t('confirmed')}</Badge> : null}
      </p>
      <p className={styles.price}>
        <Price price={departure.pricePerPerson} className={styles.amount} /> <span>{t('perPerson')}</span>
      </p>
      <div className={styles.action}>{join(departure)}</div>
    </li>
  );
}

function Pagination({ base, filters, page, pageCount }: { base: string; filters: OpenGroupFilters; page: number; pageCount: number }) {
  const t = useTranslations('OpenGroupsPage.pagination');
  const href = (target: number) => `${base}${openGroupQueryString(filters, target)}`;
  return (
    <nav aria-label={t('label')} className={styles.pagination}>
      <ul>
        {page > 1 ? (
          <li>
            <a href={href(page - 1)} rel="prev">
              <span aria-hidden="true">←</span>
              {t('previous')}
            </a>
          </li>
        ) : null}
        {paginationItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className={styles.gap}>
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span aria-current="page" aria-label={t('page', { page: item })}>
                  {item}
                </span>
              ) : (
                <a href={href(item)} aria-label={t('page', { page: item })}>
                  {item}
                </a>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <a href={href(page + 1)} rel="next">
              {t('next')}
              <span aria-hidden="true">→</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
