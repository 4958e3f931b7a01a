import type { Metadata } from 'next';
import { photoUrl } from '@/lib/media/photo-urls';
import { socialPhotoPath } from '@/lib/images/social-image';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import { BOOKING_FORM_ID, TripPageView } from '@/components/trip/trip-page-view';
import { BookingDrawer } from '@/components/booking/booking-drawer';
import { BookingRequestPageForm } from '@/components/booking/booking-request-page-form';
import { firstFreeDeparture } from '@/lib/booking/cancellation';
import { monthOf, shiftDay } from '@/lib/booking/calendar';
import { FormMessages } from '@/components/forms/form-messages';
import { departureEnd, firstAvailableDay, hasGuideAvailability } from '@/lib/booking/availability';
import { isoDayOf, isoDayToDate } from '@/lib/iso-day';
import { formatMoney } from '@/lib/money/format';
import { defaultPhoneCountry } from '@/lib/server/visitor-country';
import { askGuide, joinOpenGroup, sendHelpMessage, submitBookingRequest } from '@/app/[locale]/trip/[slug]/actions';
import type { TripPageData } from '@/lib/db/queries/trips';
import { cachedSimilarTrips, cachedTripCalendar, cachedTripPageData } from '@/lib/server/cached-queries';
import { isLocale, locales, type Locale } from '@/lib/locales';
import { displayPrice, priceTable as drawerPriceTable, quoteOpenGroup, quoteTrip } from '@/lib/money/pricing';
import type { Alternates } from '@/lib/routing/languages';
import { paths } from '@/lib/routing/paths';
import { decodeSegment } from '@/lib/routing/served-paths';
import { appPagePath } from '@/lib/routing/app-pages';
import { staticPagePath } from '@/lib/routing/static-pages';
import { pageMetadata } from '@/lib/seo';
import { getPricingContext } from '@/lib/server/pricing-context';
import { cachedPageAudience } from '@/lib/server/page-audience';
import { absoluteUrl, siteImages } from '@/lib/site-config';
import { tripJsonLd } from '@/lib/structured-data';
import { JsonLdScript } from '@/components/seo/json-ld-script';
import { DEFAULT_TRAVELLERS } from '@/lib/storage';
import { hotelContentInfo, tripContentInfo } from '@/lib/tracking/data-layer';

// Cached whole per locale, currency and traveller count (lib/routing/cached-pages.ts):
// rendered on first request, then served from the page store until its tags expire
// (lib/server/invalidate.ts: the trip, its guide, the catalogue) or 5 minutes pass.
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Props = PageProps<'/[locale]/cached/[currency]/trip/[slug]/[travellers]'>;

// Metadata and page read the trip once per request.
const loadTrip = cache((locale: Locale, slug: string) => cachedTripPageData(locale, slug, isoDayOf(new Date())));

async function load(params: Props['params']): Promise<{ locale: Locale; data: TripPageData }> {
  const { locale, slug } = await params;
  if (!isLocale(locale)) notFound();
  // proxy.ts answers unknown slugs with the 404 page and other locales' slugs with a redirect.
  const data = await loadTrip(locale, decodeSegment(slug));
  if (!data) notFound();
  return { locale, data };
}

function alternatesOf(data: TripPageData): Alternates {
  return Object.fromEntries(locales.flatMap((locale) => (data.slugs[locale] ? [[locale, paths.trip(locale, data.slugs[locale])]] : []))) as Alternates;
}

/** spec §9: the traveller count from the URL (`?travellers`, a path segment since the proxy's rewrite), default 2, within the trip's group size. */
function travellersFrom(value: string, max: number): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) return Math.min(DEFAULT_TRAVELLERS, max);
  return Math.min(count, max);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, data } = await load(params);
  const t = await getTranslations({ locale, namespace: 'TripPage' });
  const title = t('metaTitle', { trip: data.translation.title, region: data.translation.region });
  const cover = data.photos[0];
  return pageMetadata(locale, alternatesOf(data), title, data.translation.summary, cover ? socialPhotoPath(cover.storageKey) : siteImages().tripCover(data.trip.hasCover ? data.trip.key : null));
}

/** The trip page (spec §2), `/trip/{slug}` with the slug of each locale. */
export default async function TripPage({ params }: Props) {
  const { slug, currency, travellers: travellersSegment } = await params;
  const { locale, data } = await load(params);
  const audience = cachedPageAudience(currency, paths.trip(locale, slug));
  setRequestLocale(locale);
  const { trip, translation } = data;
  const today = isoDayOf(new Date());
  // The calendar opens on the first month the trip can start in.
  const calendarMonth = monthOf(firstAvailableDay(trip, today) ?? today);
  const [pricing, similar, initialMonth, phoneCountry, bookingText] = await Promise.all([
    getPricingContext(audience),
    cachedSimilarTrips({ id: trip.id, activities: trip.activities, countryCode: trip.countryCode }, locale),
    cachedTripCalendar(trip.id, calendarMonth, today),
    defaultPhoneCountry(locale, audience),
    getTranslations({ locale, namespace: 'BookingForm' }),
  ]);
  const travellers = travellersFrom(travellersSegment, trip.maxGroupSize);
  const conversion = pricing.conversion;

  const quote = quoteTrip(trip, trip.priceEntries, travellers, trip.durationDays, conversion);
  const priceTable = [...trip.priceEntries].sort((a, b) => a.people - b.people).map((entry) => ({
    people: entry.people,
    price: displayPrice({ amountMinor: entry.amountMinor, currency: trip.currency }, trip, conversion),
  }));
  const openGroups = trip.openGroups.map((group) => ({
    id: group.id,
    startsOn: group.startsOn,
    durationDays: group.durationDays,
    openSpots: group.openSpots,
    totalSpots: group.totalSpots,
    confirmed: group.confirmed,
    pricePerPerson: displayPrice({ amountMinor: group.pricePerPersonMinor, currency: group.currency }, trip, conversion),
  }));
  const available = hasGuideAvailability(
    { seasons: trip.seasons, unavailableRanges: trip.unavailableRanges, openGroupDates: trip.openGroups.filter((group) => group.openSpots > 0).map((group) => group.startsOn) },
    today,
  );
  const alternatives = new URLSearchParams({ activity: trip.activities[0] ?? '', query: translation.region });
  const alternates = alternatesOf(data);
  const termsHref = staticPagePath('terms-fwt-waiver', locale);
  const privacyHref = staticPagePath('privacy-policy', locale);
  const bookingTrip = { id: trip.id, minDays: trip.minDays, durationDays: trip.durationDays, maxGroupSize: trip.maxGroupSize, guideName: trip.guide.name, replyHours: trip.guide.responseHours };
  const bookingDrawer = initialMonth ? (
    <FormMessages namespaces={['BookingForm', 'Calendar', 'Payment']}>
      <BookingDrawer
        trip={bookingTrip}
        travellers={travellers}
        prices={{
          table: drawerPriceTable(trip, trip.priceEntries, conversion),
          // An open group's price per person (and without discount), the same for any number of travellers.
          groups: Object.fromEntries(trip.openGroups.map((group) => [group.id, quoteOpenGroup({ amountMinor: group.pricePerPersonMinor, currency: group.currency }, trip, 1, conversion)])),
        }}
        groups={openGroups.map((group) => ({
          id: group.id,
          startsOn: group.startsOn,
          durationDays: group.durationDays,
          openSpots: group.openSpots,
          label: bookingText('groupOption', { start: isoDayToDate(group.startsOn), count: group.openSpots, price: formatMoney(group.pricePerPerson.money, locale) }),
        }))}
        initialMonth={initialMonth}
        defaultCountry={phoneCountry}
        termsHref={termsHref}
        privacyHref={privacyHref}
        action={submitBookingRequest}
      />
    </FormMessages>
  ) : null;
  // Without JavaScript: the same request as a form in the page (no calendar: the server checks the dates).
  const bookingPageForm = initialMonth ? (
    <FormMessages namespaces={['BookingForm', 'Payment']}>
      <BookingRequestPageForm
        trip={bookingTrip}
        travellers={travellers}
        defaultCountry={phoneCountry}
        termsHref={termsHref}
        privacyHref={privacyHref}
        action={submitBookingRequest}
        earliestStart={shiftDay(today, 1)}
        firstFreeDay={firstFreeDeparture(new Date())}
        permalink={`${alternates[locale]!}#${BOOKING_FORM_ID}`}
      />
    </FormMessages>
  ) : null;
  // spec §5/§7: the trip (content_type product) and its hotel block (content_type hotel) for the data layer.
  const place = { city: trip.location, region: translation.region, country: trip.countryCode };
  const tracking = [tripContentInfo({ id: trip.id, ...place }), hotelContentInfo(trip.hotels.map((hotel) => hotel.id), place)];

  const images = siteImages();
  const structuredData = tripJsonLd({
    url: absoluteUrl(alternates[locale]!),
    name: translation.title,
    description: translation.summary,
    images: (data.photos.length > 0
      ? data.photos.map((photo) => photoUrl(photo.storageKey, photo.widths.at(-1)!, 'webp'))
      : [images.tripCover(trip.hasCover ? trip.key : null), ...Array.from({ length: Math.min(trip.photoCount, 4) }, (_, index) => images.tripPhoto(trip.key, index + 1))]
    ).map(absoluteUrl),
    itinerary: translation.itinerary.map((day) => day.title),
    provider: {
      name: trip.guide.name,
      url: absoluteUrl(paths.guide(locale, trip.guide.slug)),
      companyType: trip.guide.companyType,
      place: trip.guide.baseLocation,
      countryCode: trip.guide.countryCode,
      ...(trip.guide.hasAvatar ? { image: absoluteUrl(images.guideAvatar(trip.guide.key)) } : {}),
    },
    price: quote?.perPerson.money ?? null,
    available,
    openGroups: openGroups.map((group) => ({
      startsOn: group.startsOn,
      endsOn: departureEnd(group.startsOn, group.durationDays),
      price: group.pricePerPerson.money,
      openSpots: group.openSpots,
    })),
    rating: { average: data.averageRating, count: data.reviewCount },
    reviews: data.reviews.slice(0, 5).map((review) => ({ author: review.firstName, rating: review.rating, date: review.tripDate, body: review.comment })),
  });

  return (
    <SiteShell locale={locale} audience={audience} alternates={alternates} breadcrumb={[{ label: translation.title, href: alternates[locale]! }]} tracking={tracking}>
      <JsonLdScript data={structuredData} />
      <TripPageView
        data={data}
        travellers={travellers}
        quote={quote}
        priceTable={priceTable}
        openGroups={openGroups}
        similar={similar}
        conversion={conversion}
        available={available}
        alternativesHref={`${paths.search(locale)}?${alternatives.toString()}`}
        giftCardHref={appPagePath('gift-cards', locale)}
        needHelpHref={staticPagePath('need-help', locale)}
        forms={{ termsHref, privacyHref, defaultCountry: phoneCountry, pageUrl: alternates[locale]!, askGuide, sendHelpMessage, joinOpenGroup, bookingDrawer, bookingPageForm }}
      />
    </SiteShell>
  );
}
