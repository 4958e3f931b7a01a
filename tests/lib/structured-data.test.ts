import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, guideEntity, schemaPrice, serializeJsonLd, tripJsonLd, type TripLd } from '@/lib/structured-data';

const trip: TripLd = {
  url: 'https://cordee.example/trip/mont-blanc',
  name: 'Mont Blanc </script><script>alert(1)</script>',
  description: 'Summit & <b>glacier</b> \u2028 days',
  images: ['https://cordee.example/assets/trips/t1/cover.svg'],
  itinerary: ['Arrival', 'Summit'],
  provider: { name: 'Anna', url: 'https://cordee.example/mountain-guide/anna', companyType: 'mountain_guide', place: 'Chamonix', countryCode: 'FR' },
  price: { amountMinor: 123450, currency: 'EUR' },
  available: true,
  openGroups: [{ startsOn: '2027-07-01', endsOn: '2027-07-05', price: { amountMinor: 99000, currency: 'EUR' }, openSpots: 3 }],
  rating: { average: 4.7, count: 12 },
  reviews: [{ author: 'Léa', rating: 5, date: '2026-08-01', body: 'Superb' }],
};

describe('serializeJsonLd', () => {
  it('cannot end its script block or open a comment, and parses back unchanged', () => {
    const json = serializeJsonLd(tripJsonLd(trip));
    expect(json).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(json.toLowerCase()).not.toContain('</script');
    expect(JSON.parse(json)).toEqual(tripJsonLd(trip));
  });
});

describe('schemaPrice', () => {
  it.each([
    [{ amountMinor: 123450, currency: 'EUR' }, '1234.50'],
    [{ amountMinor: 5, currency: 'USD' }, '0.05'],
    [{ amountMinor: 15000, currency: 'JPY' }, '15000'],
    [{ amountMinor: 1000, currency: 'BHD' }, '1.000'],
  ])('%o is %s', (money, expected) => expect(schemaPrice(money)).toBe(expected));
});

describe('tripJsonLd', () => {
  const data = tripJsonLd(trip);
  it('is a Product and a TouristTrip with its provider and itinerary', () => {
    expect(data['@type']).toEqual(['Product', 'TouristTrip']);
    expect(data).toMatchObject({ name: trip.name, description: trip.description, image: trip.images, provider: { '@type': 'Person', name: 'Anna' } });
    expect(data.itinerary).toMatchObject({ '@type': 'ItemList', numberOfItems: 2 });
  });
  it('offers the displayed price and each open group with its dates', () => {
    expect(data.offers).toEqual([
      expect.objectContaining({ '@type': 'Offer', price: '1234.50', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }),
      expect.objectContaining({ price: '990.00', availabilityStarts: '2027-07-01', availabilityEnds: '2027-07-05' }),
    ]);
  });
  it('rates and reviews only when there are reviews', () => {
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.7, reviewCount: 12 });
    expect(data.review).toEqual([expect.objectContaining({ '@type': 'Review', author: { '@type': 'Person', name: 'Léa' }, reviewBody: 'Superb' })]);
    const unrated = tripJsonLd({ ...trip, rating: { average: null, count: 0 }, reviews: [], price: null, openGroups: [] });
    expect(unrated).not.toHaveProperty('aggregateRating');
    expect(unrated).not.toHaveProperty('review');
    expect(unrated).not.toHaveProperty('offers');
  });
});

describe('guideEntity', () => {
  it('is a Person for a mountain guide and a LocalBusiness for an agency', () => {
    expect(guideEntity(trip.provider)['@type']).toBe('Person');
    expect(guideEntity({ ...trip.provider, companyType: 'guiding_agency' })).toMatchObject({ '@type': 'LocalBusiness', address: { addressLocality: 'Chamonix', addressCountry: 'FR' } });
  });
});

describe('breadcrumbJsonLd', () => {
  it('lists the trail in order from position 1', () => {
    expect(breadcrumbJsonLd([{ label: 'Home', url: 'https://x/' }, { label: 'Blog', url: 'https://x/blog' }]).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://x/' },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://x/blog' },
    ]);
  });
});
