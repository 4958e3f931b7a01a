import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { OpenGroupJoin } from '@/components/booking/open-group-join';
import formStyles from '@/components/forms/forms.module.css';
import { OpenGroupJoinPageForm } from '@/components/booking/open-group-join-page-form';
import { FormMessages } from '@/components/forms/form-messages';
import { SiteShell } from '@/components/layout/site-shell';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import { OpenGroupsView } from '@/components/open-groups/open-groups-view';
import { parseOpenGroupQuery, upcomingMonths } from '@/lib/booking/open-group-filters';
import type { Activity } from '@/lib/catalogue/vocabulary';
import { getOpenGroupFacets, listOpenGroupDepartures } from '@/lib/db/queries/open-groups';
import { isoDayOf } from '@/lib/iso-day';
import { isLocale, type Locale } from '@/lib/locales';
import { displayPrice } from '@/lib/money/pricing';
import { samePathAlternates } from '@/lib/routing/languages';
import { paths } from '@/lib/routing/paths';
import { staticPagePath } from '@/lib/routing/static-pages';
import { pageMetadata } from '@/lib/seo';
import { getPricingContext } from '@/lib/server/pricing-context';
import { DEFAULT_TRAVELLERS } from '@/lib/storage';
import { joinOpenGroup } from '../trip/[slug]/actions';
import { regionName } from '@/lib/text/display-names';

// Spots and prices change with every join and with the visitor's currency: read on request.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/open-groups'>;

const alternates = samePathAlternates('/open-groups');

async function localeOf(params: Props['params']): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  return locale;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'OpenGroupsPage' });
  const metadata = pageMetadata(locale, alternates, t('metaTitle'), t('metaDescription'));
  // Filter combinations are not entry points of their own.
  return Object.keys(await searchParams).length > 0 ? { ...metadata, robots: { index: false, follow: true } } : metadata;
}

/** Open groups: every upcoming departure, filterable by activity, month and place, with join. */
export default async function OpenGroupsPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const today = isoDayOf(new Date());
  const { filters, page: requestedPage } = parseOpenGroupQuery(await searchParams, today);
  const [pricing, facets, result, t] = await Promise.all([
    getPricingContext(THIS_VISITOR),
    getOpenGroupFacets(locale, today),
    listOpenGroupDepartures(filters, locale, { today, page: requestedPage }),
    getTranslations({ locale, namespace: 'OpenGroupsPage' }),
  ]);
  // A valid choice from a shared link stays selected even when no departure offers it any more.
  const activities: Activity[] = filters.activity && !facets.activities.includes(filters.activity) ? [...facets.activities, filters.activity] : facets.activities;
  const countries =
    filters.countryCode && !facets.countries.some((country) => country.code === filters.countryCode)
      ? [...facets.countries, { code: filters.countryCode, name: regionName(filters.countryCode, locale) }]
      : facets.countries;
  const departures = result.departures.map((departure) => ({
    ...departure,
    pricePerPerson: displayPrice({ amountMinor: departure.pricePerPersonMinor, currency: departure.currency }, departure, pricing.conversion),
  }));
  const termsHref = staticPagePath('terms-fwt-waiver', locale);
  const privacyHref = staticPagePath('privacy-policy', locale);
  // This list as filtered: where a join posts without JavaScript, and the page it draws again.
  const query = new URLSearchParams(Object.entries(await searchParams).flatMap(([name, value]) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((one) => [name, one])));
  const listPath = `${paths.openGroups(locale)}${query.size > 0 ? `?${query}` : ''}`;

  return (
    <SiteShell locale={locale} audience={THIS_VISITOR} alternates={alternates} breadcrumb={[{ label: t('breadcrumb'), href: paths.openGroups(locale) }]}>
      <FormMessages namespaces={['OpenGroupJoin']}>
        <OpenGroupsView
          filters={filters}
          choices={{ activities, months: upcomingMonths(today), countries }}
          departures={departures}
          total={result.total}
          page={result.page}
          pageCount={result.pageCount}
          join={(departure) => {
            const join = { group: { id: departure.id, startsOn: departure.startsOn, openSpots: departure.openSpots }, travellers: DEFAULT_TRAVELLERS, termsHref, privacyHref, action: joinOpenGroup };
            // With JavaScript the dialog; without it the same join as a form in the page (same Server Action).
            return (
              <>
                <div className={formStyles.withScript}>
                  <OpenGroupJoin {...join} />
                </div>
                <div className={formStyles.withoutScript}>
                  <OpenGroupJoinPageForm {...join} permalink={`${listPath}#join-${departure.id}`} />
                </div>
              </>
            );
          }}
        />
      </FormMessages>
    </SiteShell>
  );
}
