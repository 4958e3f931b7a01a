import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import { BOOKING_FORM_ID, TripPageView } from '@/components/trip/trip-page-view';
import { BookingDrawer } from '@/components/booking/booking-drawer';
import { BookingRequestPageForm } from '@/components/booking/booking-request-page-form';
import { firstFreeDeparture } from '@/lib/booking/cancellation';
import { firstRequestableDay } from '@/lib/booking/lead-time';
import { monthOf, shiftDay } from '@/lib/booking/calendar';
import { FormMessages } from '@/components/forms/form-messages';
import { departureEnd, firstAvailableDay, hasGuideAvailability } from '@/lib/booking/availability';
import { isoDayOf, isoDayToDate } from '@/lib/iso-day';
import { formatMoney } from '@/lib/money/format';
import { defaultPhoneCountry } from '@/lib/server/visitor-country';
import { askGuide, joinOpenGroup, sendHelpMessage, submitBookingRequest } from '@/app/[locale]/trip/[slug]/actions';
import { translateTripReview } from '@/app/[locale]/account/review-actions';
import { reviewTranslationEnabled } from '@/lib/server/review-translation';
import type { TripPageData } from '@/lib/db/queries/trips';
import { cachedSimilarTrips, cachedTripCalendar } from '@/lib/server/cached-queries';
import { locales, type Locale } from '@/lib/locales';
import { displayPrice, priceTable as drawerPriceTable, quoteOpenGroup, quoteTrip } from '@/lib/money/pricing';
import type { Alternates } from '@/lib/routing/languages';
import { paths } from '@/lib/routing/paths';
import { appPagePath } from '@/lib/routing/app-pages';
import { staticPagePath } from '@/lib/routing/static-pages';
import { getPricingContext } from '@/lib/server/pricing-context';
import type { PageAudience } from '@/lib/server/page-audience';
import { absoluteUrl, siteImages } from '@/lib/site-config';
import { tripJsonLd } from '@/lib/structured-data';
import { photoUrl } from '@/lib/media/photo-urls';
import { JsonLdScript } from '@/components/seo/json-ld-script';
import { DEFAULT_TRAVELLERS } from '@/lib/storage';
import { hotelContentInfo, tripContentInfo } from '@/lib/tracking/data-layer';

/** spec §9: the traveller count from the URL (`?travellers`, a path segment since the proxy's rewrite), default 2, within the trip's group size. */
function travellersFrom(value: string, max: number): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) return Math.min(DEFAULT_TRAVELLERS, max);
  return Math.min(count, max);
}

/** The trip's path in each locale it has a slug in. */
export function alternatesOf(data: TripPageData): Alternates {
  return Object.fromEntries(locales.flatMap((locale) => (data.slugs[locale] ? [[locale, paths.trip(locale, data.slugs[locale])]] : []))) as Alternates;
}

/** The messages of every form island of the page, sent once for all of them (the `Forms` namespace alone is 10 KB). */
const TRIP_FORM_NAMESPACES = ['BookingForm', 'Calendar', 'Payment', 'OpenGroupJoin', 'NeedHelp', 'GuideQuestion'] as const;

type ContentProps = {
  locale: Locale;
  data: TripPageData;
  /** `?travellers` as the URL carries it. */
  travellersSegment: string;
  audience: PageAudience;
  /** Above the page: the preview's notice. */
  banner?: ReactNode;
};

/** The trip page's content (spec §2): the public page, cached whole, and its private preview draw the same. */
export async function TripPageContent({ locale, data, travellersSegment, audience, banner }: ContentProps) {
  const { trip, translation } = data;
  const today = isoDayOf(new Date());
  // The calendar opens on the first month a request can name (after the guide's lead time).
  const earliestStart = firstRequestableDay(today, trip.guide.leadDays);
  const calendarMonth = monthOf(firstAvailableDay(trip, shiftDay(earliestStart, -1)) ?? today);
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
  const bookingTrip = { id: trip.id, minDays: trip.minDays, durationDays: trip.durationDays, maxGroupSize: trip.maxGroupSize, guideName: trip.guide.name, replyHours: trip.guide.responseHours, leadDays: trip.guide.leadDays };
  const bookingDrawer = initialMonth ? (
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
  ) : null;
  // Without JavaScript: the same request as a form in the page (no calendar: the server checks the dates).
  const bookingPageForm = initialMonth ? (
    <BookingRequestPageForm
      trip={bookingTrip}
      travellers={travellers}
      defaultCountry={phoneCountry}
      termsHref={termsHref}
      privacyHref={privacyHref}
      action={submitBookingRequest}
      earliestStart={earliestStart}
      firstFreeDay={firstFreeDeparture(new Date())}
      permalink={`${alternates[locale]!}#${BOOKING_FORM_ID}`}
    />
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
      {banner}
      <JsonLdScript data={structuredData} />
      <FormMessages namespaces={TRIP_FORM_NAMESPACES}>
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
          forms={{
            termsHref,
            privacyHref,
            defaultCountry: phoneCountry,
            pageUrl: alternates[locale]!,
            askGuide,
            sendHelpMessage,
            joinOpenGroup,
            bookingDrawer,
            bookingPageForm,
            reviewTranslation: reviewTranslationEnabled() ? { action: translateTripReview, back: alternates[locale]! } : null,
          }}
        />
      </FormMessages>
    </SiteShell>
  );
}
