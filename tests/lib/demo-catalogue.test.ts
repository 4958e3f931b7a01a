import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assetImages } from '@/lib/images/asset-urls';
import { loadDemoCatalogue } from '@/lib/db/seed';
import { locales } from '@/lib/locales';
import { classifyPath } from '@/lib/routing/page-type';
import { paths } from '@/lib/routing/paths';
import { staticPageKeys, staticPageSlugs } from '@/lib/routing/static-pages';

// The hand-written data files, checked without a database: the seed would refuse them otherwise.
const catalogue = loadDemoCatalogue();

describe('demo catalogue data files', () => {
  it('validate against their schemas and meet the demo catalogue minimums', () => {
    expect(catalogue.trips.length).toBeGreaterThanOrEqual(60);
    expect(catalogue.guides.length).toBeGreaterThanOrEqual(15);
    expect(new Set(catalogue.trips.map((trip) => trip.countryCode)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(catalogue.trips.map((trip) => trip.pricing.currency)).size).toBeGreaterThanOrEqual(5);
    expect(catalogue.reviews.length).toBeGreaterThanOrEqual(200);
    expect(catalogue.reviews.some((review) => review.comment === null)).toBe(true);
    expect(catalogue.landingPages.length).toBeGreaterThanOrEqual(10);
    expect(catalogue.blogPosts.length).toBeGreaterThanOrEqual(6);
    expect(catalogue.staticPages.map((page) => page.key).sort()).toEqual([...staticPageKeys].sort());
  });

  it('keys are unique and every reference resolves', () => {
    const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length);
    unique(catalogue.trips.map((trip) => trip.key));
    unique(catalogue.guides.map((guide) => guide.key));
    unique(catalogue.guides.map((guide) => guide.slug));
    const guideKeys = new Set(catalogue.guides.map((guide) => guide.key));
    for (const trip of catalogue.trips) expect(guideKeys.has(trip.guideKey), trip.key).toBe(true);
    const authorKeys = new Set(catalogue.authors.map((author) => author.key));
    for (const post of catalogue.blogPosts) expect(authorKeys.has(post.authorKey), post.key).toBe(true);
  });

  it.each(locales)('slugs are unique in %s and each URL classifies as its page type', (locale) => {
    const tripSlugs = catalogue.trips.map((trip) => trip.slugs[locale]);
    expect(new Set(tripSlugs).size).toBe(tripSlugs.length);
    for (const slug of tripSlugs) expect(classifyPath(paths.trip(locale, slug))).toBe('trip');
    for (const post of catalogue.blogPosts) expect(classifyPath(paths.blogPost(locale, post.slugs[locale]))).toBe('blog');
    for (const guide of catalogue.guides) expect(classifyPath(paths.guide(locale, guide.slug))).toBe('guide');
    const staticSlugs = new Set<string>(Object.values(staticPageSlugs).map((slugs) => slugs[locale]));
    for (const page of catalogue.landingPages) {
      expect(staticSlugs.has(page.slugs[locale]), page.key).toBe(false);
      expect(classifyPath(paths.landing(locale, page.slugs[locale]))).toBe('landing');
    }
  });

  it('trip data is coherent: minimum days, spots, included items', () => {
    for (const trip of catalogue.trips) {
      expect(trip.minDays, trip.key).toBeLessThanOrEqual(trip.durationDays);
      for (const group of trip.openGroups) expect(group.openSpots, trip.key).toBeLessThanOrEqual(group.totalSpots);
      for (const item of trip.included) expect(trip.notIncluded, trip.key).not.toContain(item);
      if (trip.tripType === 'private') expect(trip.openGroups, trip.key).toEqual([]);
    }
  });
});

describe('generated demo images (npm run images:generate)', () => {
  const images = assetImages();
  const onDisk = (url: string) => existsSync(`public${url}`);

  it('exist for every trip (cover and five photos), guide, landing page, static page and author', () => {
    const missing = [
      images.tripCover(null),
      ...catalogue.trips.flatMap((trip) => [images.tripCover(trip.key), ...[1, 2, 3, 4, 5].map((n) => images.tripPhoto(trip.key, n))]),
      ...catalogue.guides.map((guide) => images.guideAvatar(guide.key)),
      ...catalogue.landingPages.flatMap((page) => [images.landingHeader(page.key), images.landingRelevant(page.key)]),
      ...catalogue.staticPages.flatMap((page) => [images.staticHeader(page.key), images.staticPhoto(page.key)]),
      ...catalogue.authors.map((author) => images.authorAvatar(author.key)),
      images.statics('logos', 'cordee'),
    ].filter((url) => !onDisk(url));
    expect(missing).toEqual([]);
  });
});
