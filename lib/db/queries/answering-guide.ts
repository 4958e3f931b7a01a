import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../locales';
import { bookingRequests, guides } from '../schema';

/**
 * The guide who answers a booking request: the one support reassigned it to, else the trip's own.
 * Select `columns` and `.leftJoin(assigned, onAssigned)` after joining the trip's guide (`guides`).
 */
export function answeringGuide() {
  const assigned = alias(guides, 'assigned');
  return {
    assigned,
    onAssigned: eq(assigned.id, bookingRequests.assignedGuideId),
    columns: {
      guideName: sql<string>`coalesce(${assigned.name}, ${guides.name})`,
      guideEmail: sql<string | null>`CASE WHEN ${assigned.id} IS NULL THEN ${guides.email} ELSE ${assigned.email} END`,
      guideEmailLocale: sql<Locale>`coalesce(${assigned.emailLocale}, ${guides.emailLocale})`,
      guideId: sql<number>`coalesce(${assigned.id}, ${guides.id})`,
      guideResponseHours: sql<number>`coalesce(${assigned.responseHours}, ${guides.responseHours})`,
      guidePaymentInstructions: sql<string | null>`CASE WHEN ${assigned.id} IS NULL THEN ${guides.paymentInstructions} ELSE ${assigned.paymentInstructions} END`,
    },
  };
}
