import type { CompanyType } from './catalogue/vocabulary';
import { minorUnitDigits, type Money } from './money/currency';

/**
 * schema.org JSON-LD of the site's pages, built from plain data: no React, no Next.js.
 * Every URL given here is absolute (the caller resolves paths against SITE_URL).
 */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/**
 * JSON for a `<script type="application/ld+json">` block. `<`, `>` and `&` are written as
 * Unicode escapes, so no text (a trip title holding `</script>`, say) can end the block or open
 * a comment; U+2028 and U+2029 are escaped for older JavaScript parsers. JSON.parse reads it back
 * unchanged.
 */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** An amount as schema.org wants it: a decimal string in major units ("1234.50"). */
export function schemaPrice(money: Money): string {
  const digits = minorUnitDigits(money.currency);
  const sign = money.amountMinor < 0 ? '-' : '';
  const units = Math.abs(money.amountMinor).toString().padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${units}` : `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`;
}

/** spec §2 breadcrumb: Home then the page's trail, the same items the visible breadcrumb shows. */
export function breadcrumbJsonLd(items: { label: string; url: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.label, item: item.url })),
  };
}

/** The home page: the organisation and the site, with the search as a SearchAction. */
export function homeJsonLd(input: { siteUrl: string; name: string; description: string; logo: string; searchUrl: string; language: string }): JsonLd {
  const organizationId = `${input.siteUrl}#organization`;
  return {
    '@context': CONTEXT,
    '@graph': [
      { '@type': 'Organization', '@id': organizationId, name: input.name, url: input.siteUrl, logo: input.logo },
      {
        '@type': 'WebSite',
        name: input.name,
        url: input.siteUrl,
        description: input.description,
        inLanguage: input.language,
        publisher: { '@id': organizationId },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${input.searchUrl}?query={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

export type GuideLd = { name: string; url: string; image?: string; companyType: CompanyType; description?: string; place: string; countryCode: string };

/** A mountain guide as a Person; an agency, ski school or tour operator as a LocalBusiness (spec §3 company type). */
export function guideEntity(guide: GuideLd): JsonLd {
  const isPerson = guide.companyType === 'mountain_guide';
  return {
    '@type': isPerson ? 'Person' : 'LocalBusiness',
    name: guide.name,
    url: guide.url,
    ...(guide.image ? { image: guide.image } : {}),
    ...(guide.description ? { description: guide.description } : {}),
    ...(isPerson
      ? { homeLocation: { '@type': 'Place', name: guide.place, address: { '@type': 'PostalAddress', addressCountry: guide.countryCode } } }
      : { address: { '@type': 'PostalAddress', addressLocality: guide.place, addressCountry: guide.countryCode } }),
  };
}

export type ReviewLd = { author: string; rating: number; date: string; body: string | null };

function reviewEntities(reviews: ReviewLd[]): JsonLd[] {
  return reviews.map((review) => ({
    '@type': 'Review',
    author: { '@type': 'Person', name: review.author },
    datePublished: review.date,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    ...(review.body ? { reviewBody: review.body } : {}),
  }));
}

function ratingEntity(average: number | null, count: number): JsonLd | undefined {
  return average !== null && count > 0 ? { '@type': 'AggregateRating', ratingValue: average, reviewCount: count, bestRating: 5, worstRating: 1 } : undefined;
}

/** The guide page: the guide or agency with its trips' rating and reviews. */
export function guideJsonLd(guide: GuideLd, rating: { average: number | null; count: number }, reviews: ReviewLd[]): JsonLd {
  const aggregateRating = ratingEntity(rating.average, rating.count);
  return {
    '@context': CONTEXT,
    ...guideEntity(guide),
    ...(aggregateRating ? { aggregateRating, review: reviewEntities(reviews) } : {}),
  };
}

export type TripLd = {
  url: string;
  name: string;
  description: string;
  images: string[];
  itinerary: string[];
  provider: GuideLd;
  /** The price per person as the page shows it (visitor's currency), null when the trip has no price. */
  price: Money | null;
  available: boolean;
  openGroups: { startsOn: string; endsOn: string; price: Money; openSpots: number }[];
  rating: { average: number | null; count: number };
  reviews: ReviewLd[];
};

/**
 * A trip as a Product and a TouristTrip (one entity with both types): its private-trip offer and
 * one offer per open group with its dates, the rating and the latest reviews.
 */
export function tripJsonLd(trip: TripLd): JsonLd {
  const offers: JsonLd[] = [];
  if (trip.price) {
    offers.push({
      '@type': 'Offer',
      url: trip.url,
      price: schemaPrice(trip.price),
      priceCurrency: trip.price.currency,
      availability: trip.available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    });
  }
  for (const group of trip.openGroups) {
    offers.push({
      '@type': 'Offer',
      url: trip.url,
      price: schemaPrice(group.price),
      priceCurrency: group.price.currency,
      availability: group.openSpots > 0 ? 'https://schema.org/LimitedAvailability' : 'https://schema.org/SoldOut',
      availabilityStarts: group.startsOn,
      availabilityEnds: group.endsOn,
      validThrough: group.startsOn,
      inventoryLevel: { '@type': 'QuantitativeValue', value: group.openSpots },
    });
  }
  const aggregateRating = ratingEntity(trip.rating.average, trip.rating.count);
  return {
    '@context': CONTEXT,
    '@type': ['Product', 'TouristTrip'],
    '@id': trip.url,
    name: trip.name,
    description: trip.description,
    image: trip.images,
    url: trip.url,
    brand: { '@type': 'Brand', name: trip.provider.name },
    provider: guideEntity(trip.provider),
    itinerary: {
      '@type': 'ItemList',
      numberOfItems: trip.itinerary.length,
      itemListElement: trip.itinerary.map((name, index) => ({ '@type': 'ListItem', position: index + 1, name })),
    },
    ...(offers.length > 0 ? { offers } : {}),
    ...(aggregateRating ? { aggregateRating, review: reviewEntities(trip.reviews) } : {}),
  };
}

/** A blog post. */
export function blogPostingJsonLd(post: {
  url: string;
  headline: string;
  description: string;
  image: string;
  datePublished: string;
  dateModified: string;
  author: string;
  language: string;
  publisher: { name: string; logo: string; url: string };
}): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    mainEntityOfPage: { '@type': 'WebPage', '@id': post.url },
    url: post.url,
    headline: post.headline,
    description: post.description,
    image: [post.image],
    datePublished: post.datePublished,
    dateModified: post.dateModified,
    inLanguage: post.language,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: post.publisher.name, url: post.publisher.url, logo: { '@type': 'ImageObject', url: post.publisher.logo } },
  };
}
