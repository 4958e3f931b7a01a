import type { contactMessages } from '../db/schema';

/**
 * The request forms' choices and limits that their client components show, apart from the zod
 * schemas (request-schemas.ts re-exports them) so that a form's first load carries no zod.
 */

/** spec §3 contact-form audience choices: visitor, customer, guide or agency (existing or new); the contact_messages column's values. */
export const contactAudiences = ['visitor', 'customer', 'guide_existing', 'guide_new', 'agency_existing', 'agency_new'] as const satisfies readonly (typeof contactMessages.$inferInsert)['audience'][];
export type ContactAudience = (typeof contactAudiences)[number];

/** A preset amount (its whole units as text) or 'custom' with the amount typed. */
export const CUSTOM_AMOUNT = 'custom';

/** The largest party a concierge request is for. */
export const CONCIERGE_MAX_TRAVELLERS = 20;
