import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountFrame } from '@/components/account/account-frame';
import { CapacityForm } from '@/components/account/capacity-form';
import { OpenGroupsForm } from '@/components/account/open-groups-form';
import { SeasonsForm } from '@/components/account/seasons-form';
import { TripPricesForm } from '@/components/account/trip-prices-form';
import { PriceShares } from '@/components/account/price-shares';
import { env } from '@/lib/env';
import { UnavailableRangesForm } from '@/components/account/unavailable-ranges-form';
import { TripPhotosEditor } from '@/components/media/trip-photos-editor';
import { FormMessages } from '@/components/forms/form-messages';
import { getMonthLoads } from '@/lib/db/queries/availability';
import { getGuideTrip } from '@/lib/db/queries/guide-trips';
import { isoDayOf } from '@/lib/iso-day';
import { minorUnitDigits } from '@/lib/money/currency';
import { accountPath } from '@/lib/routing/account-pages';
import { paths } from '@/lib/routing/paths';
import { getSignedInUser } from '@/lib/server/session';
import { requestSignInLink, signOut } from '../actions';
import { accountLocaleOf, accountMetadata } from '../account-metadata';
import {
  duplicateTripAction,
  saveTripCapacity,
  saveTripFactsAction,
  saveTripOpenGroups,
  saveTripPrices,
  saveTripSeasons,
  saveTripTextsAction,
  saveTripUnavailableRanges,
  submitTripAction,
  unpublishTripAction,
} from '../trip-actions';
import { TripFactsSection, TripPublicationSection, TripTextsSections } from '@/components/account/trip-authoring';
import { getTripForAuthoring } from '@/lib/db/queries/trip-authoring';
import styles from '@/components/account/account.module.css';
import editor from '@/components/account/trip-editor.module.css';
import { dateTimeFormat } from '@/lib/text/intl-cache';

// Personal: read on request, never cached.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/account/trip'>;

export const generateMetadata = ({ params }: Props) => accountMetadata('trip', params);

/** The messages of every form of the trip editor, sent once for all of them (its sections draw no provider of their own). */
const TRIP_EDITOR_FORM_NAMESPACES = ['Account', 'TripAuthoring', 'PhotoUploader'] as const;

/**
 * A guide's trip editor (`/account/trip?lan=…&id=…`): its publication, facts, texts in each
 * language, photos, prices by group size, open groups, seasons, capacity and unavailable days; each
 * section but the photos (uploads with progress) a form of its own that works without JavaScript.
 */
export default async function TripEditorPage({ params, searchParams }: Props) {
  const locale = await accountLocaleOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Account' });
  const query = await searchParams;
  const tripId = typeof query.id === 'string' && /^\d{1,9}$/.test(query.id) ? Number(query.id) : null;
  const user = await getSignedInUser();
  const today = isoDayOf(new Date());
  const trip = user?.role === 'guide' && user.guideId !== null && tripId !== null ? await getGuideTrip(user.guideId, tripId, locale, today) : null;
  const [loads, authoring] = trip ? await Promise.all([getMonthLoads(trip.id, today, 12), getTripForAuthoring(user!.guideId!, trip.id)]) : [[], null];
  const loadMonthFormat = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthFormat = dateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, month) => monthFormat.format(Date.UTC(2000, month, 1)));
  const major = (amountMinor: number, currency: string) => amountMinor / 10 ** minorUnitDigits(currency);
  const here = tripId === null ? accountPath('guide', locale) : `${accountPath('trip', locale)}&id=${tripId}`;

  return (
    <AccountFrame
      locale={locale}
      page="trip"
      breadcrumb={[
        { label: t('nav.guideArea'), href: accountPath('guide', locale) },
        { label: trip?.title ?? t('trips.editorTitle'), href: here },
      ]}
      user={user}
      signIn={{ audience: 'guide', next: here, action: requestSignInLink }}
      signOut={signOut}
    >
      {() => (
        <>
            {!trip ? (
              <>
                <h1>{t('trips.editorTitle')}</h1>
                <p className={styles.notice} data-testid="not-your-trip">
                  {t('trips.notYours')}
                </p>
                <a href={accountPath('guide', locale)}>{t('trips.back')}</a>
              </>
            ) : (
              <FormMessages namespaces={TRIP_EDITOR_FORM_NAMESPACES}>
                <h1>{trip.title}</h1>
                {authoring?.trip.published ? (
                  <p className={styles.lead}>
                    <a href={paths.trip(locale, trip.slug)}>{t('trips.view')}</a>
                  </p>
                ) : null}
                {authoring ? (
                  <>
                    <TripPublicationSection locale={locale} trip={authoring.trip} actions={{ submit: submitTripAction, unpublish: unpublishTripAction, duplicate: duplicateTripAction }} />
                    <TripFactsSection locale={locale} trip={authoring.trip} action={saveTripFactsAction} />
                    <TripTextsSections locale={locale} data={authoring} action={saveTripTextsAction} />
                  </>
                ) : null}
                <div className={editor.section}>
                  <TripPhotosEditor tripId={trip.id} locale={locale} />
                </div>
                <section className={editor.section} aria-labelledby="prices-title">
                  <h2 id="prices-title">{t('trips.pricesTitle')}</h2>
                  <p className={editor.muted}>{t(trip.pricingMode === 'per_person_per_day' ? 'trips.pricesIntroDay' : 'trips.pricesIntroTrip', { currency: trip.currency })}</p>
                  <TripPricesForm
                    tripId={trip.id}
                    currency={trip.currency}
                    entries={trip.entries.map((entry) => ({ people: entry.people, price: major(entry.amountMinor, trip.currency) }))}
                    action={saveTripPrices}
                  />
                  <PriceShares locale={locale} trip={trip} entries={trip.entries} feePercent={env.PLATFORM_FEE_PERCENT} />
                </section>
                <section className={editor.section} aria-labelledby="groups-title">
                  <h2 id="groups-title">{t('trips.groupsTitle')}</h2>
                  <p className={editor.muted}>{t('trips.groupsIntro', { days: trip.durationDays, currency: trip.currency })}</p>
                  <OpenGroupsForm
                    tripId={trip.id}
                    currency={trip.currency}
                    groups={trip.groups.map((group) => ({
                      id: group.id,
                      startsOn: group.startsOn,
                      totalSpots: group.totalSpots,
                      openSpots: group.openSpots,
                      price: major(group.pricePerPersonMinor, trip.currency),
                      confirmed: group.confirmed,
                    }))}
                    action={saveTripOpenGroups}
                  />
                </section>
                <section className={editor.section} aria-labelledby="seasons-title">
                  <h2 id="seasons-title">{t('trips.seasonsTitle')}</h2>
                  <p className={editor.muted}>{t('trips.seasonsIntro')}</p>
                  <SeasonsForm tripId={trip.id} seasons={trip.seasons} months={months} action={saveTripSeasons} />
                </section>
                <section className={editor.section} aria-labelledby="capacity-title">
                  <h2 id="capacity-title">{t('trips.capacityTitle')}</h2>
                  <p className={editor.muted}>{t('trips.capacityIntro')}</p>
                  <CapacityForm tripId={trip.id} monthlyCapacity={trip.monthlyCapacity} action={saveTripCapacity} />
                  <table className={editor.loads} data-testid="month-loads">
                    <caption>{t('trips.loadCaption')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('trips.loadMonth')}</th>
                        <th scope="col">{t('trips.loadBooked')}</th>
                        <th scope="col">{t('trips.loadPending')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {loads.map((load) => (
                        <tr key={load.month} className={load.booked >= trip.monthlyCapacity ? editor.full : undefined}>
                          <th scope="row">{loadMonthFormat.format(Date.parse(`${load.month}-01T00:00:00Z`))}</th>
                          <td>{t('trips.loadBookedOf', { booked: load.booked, capacity: trip.monthlyCapacity })}</td>
                          <td>{load.pending}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
                <section className={editor.section} aria-labelledby="unavailable-title">
                  <h2 id="unavailable-title">{t('trips.unavailableTitle')}</h2>
                  <p className={editor.muted}>{t('trips.unavailableIntro')}</p>
                  <UnavailableRangesForm tripId={trip.id} ranges={trip.unavailableRanges} today={today} action={saveTripUnavailableRanges} />
                </section>
              </FormMessages>
            )}
        </>
      )}
    </AccountFrame>
  );
}
