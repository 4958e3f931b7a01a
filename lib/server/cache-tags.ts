/**
 * The cache tags of the cached page data (conventions §4: one tag per entity). A trip's
 * page is tagged with the trip and its guide; lists of trips (home, similar trips, guide and blog
 * trip cards) with the whole catalogue.
 */
export const cacheTags = {
  trip: (tripId: number) => `trip-${tripId}`,
  guide: (guideId: number) => `guide-${guideId}`,
  catalogue: 'catalogue',
  blog: 'blog',
  landingPages: 'landing-pages',
  staticPages: 'static-pages',
} as const;
