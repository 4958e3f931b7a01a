import { relations } from 'drizzle-orm';
import {
  authors,
  blogPosts,
  blogPostTranslations,
  guides,
  guideTranslations,
  hotels,
  landingPages,
  landingPageTranslations,
  openGroups,
  priceEntries,
  reviews,
  staticPages,
  staticPageTranslations,
  trips,
  tripPhotos,
  tripTranslations,
  unavailableRanges,
} from './schema';

// Relations for drizzle's relational queries: one SQL statement loads an entity with its children.
export const guideRelations = relations(guides, ({ many }) => ({ translations: many(guideTranslations), trips: many(trips) }));
export const guideTranslationRelations = relations(guideTranslations, ({ one }) => ({
  guide: one(guides, { fields: [guideTranslations.guideId], references: [guides.id] }),
}));
export const tripRelations = relations(trips, ({ one, many }) => ({
  guide: one(guides, { fields: [trips.guideId], references: [guides.id] }),
  translations: many(tripTranslations),
  priceEntries: many(priceEntries),
  openGroups: many(openGroups),
  photos: many(tripPhotos),
  hotels: many(hotels),
  unavailableRanges: many(unavailableRanges),
  reviews: many(reviews),
}));
export const tripTranslationRelations = relations(tripTranslations, ({ one }) => ({
  trip: one(trips, { fields: [tripTranslations.tripId], references: [trips.id] }),
}));
export const priceEntryRelations = relations(priceEntries, ({ one }) => ({ trip: one(trips, { fields: [priceEntries.tripId], references: [trips.id] }) }));
export const openGroupRelations = relations(openGroups, ({ one }) => ({ trip: one(trips, { fields: [openGroups.tripId], references: [trips.id] }) }));
export const hotelRelations = relations(hotels, ({ one }) => ({ trip: one(trips, { fields: [hotels.tripId], references: [trips.id] }) }));
export const unavailableRangeRelations = relations(unavailableRanges, ({ one }) => ({
  trip: one(trips, { fields: [unavailableRanges.tripId], references: [trips.id] }),
}));
export const reviewRelations = relations(reviews, ({ one }) => ({ trip: one(trips, { fields: [reviews.tripId], references: [trips.id] }) }));
export const landingPageRelations = relations(landingPages, ({ many }) => ({ translations: many(landingPageTranslations) }));
export const landingPageTranslationRelations = relations(landingPageTranslations, ({ one }) => ({
  landingPage: one(landingPages, { fields: [landingPageTranslations.landingPageId], references: [landingPages.id] }),
}));
export const staticPageRelations = relations(staticPages, ({ many }) => ({ translations: many(staticPageTranslations) }));
export const staticPageTranslationRelations = relations(staticPageTranslations, ({ one }) => ({
  page: one(staticPages, { fields: [staticPageTranslations.key], references: [staticPages.key] }),
}));
export const authorRelations = relations(authors, ({ many }) => ({ posts: many(blogPosts) }));
export const blogPostRelations = relations(blogPosts, ({ one, many }) => ({
  author: one(authors, { fields: [blogPosts.authorId], references: [authors.id] }),
  translations: many(blogPostTranslations),
}));
export const blogPostTranslationRelations = relations(blogPostTranslations, ({ one }) => ({
  post: one(blogPosts, { fields: [blogPostTranslations.postId], references: [blogPosts.id] }),
}));
export const tripPhotoRelations = relations(tripPhotos, ({ one }) => ({ trip: one(trips, { fields: [tripPhotos.tripId], references: [trips.id] }) }));
