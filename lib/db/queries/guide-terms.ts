import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../client';
import type { Database } from '../database';
import { guides, trips } from '../schema';

/** A guide's booking terms as the guide area edits them. */
export type GuideTerms = { leadDays: number; paymentInstructions: string | null };

/** The guide's lead time and payment instructions; null when no such guide. One query. */
export async function getGuideTerms(guideId: number, db: Database = getDb()): Promise<GuideTerms | null> {
  const [row] = await db.select({ leadDays: guides.leadDays, paymentInstructions: guides.paymentInstructions }).from(guides).where(eq(guides.id, guideId));
  return row ?? null;
}

/** Stores a guide's terms and answers the ids of their trips (whose pages state the lead time). Two queries. */
export async function saveGuideTerms(guideId: number, terms: GuideTerms, db: Database = getDb()): Promise<number[]> {
  await db.update(guides).set({ ...terms, updatedAt: new Date() }).where(eq(guides.id, guideId));
  const rows = await db.select({ id: trips.id }).from(trips).where(eq(trips.guideId, guideId));
  return rows.map((row) => row.id);
}
