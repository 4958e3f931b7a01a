/**
 * A trip's publication lifecycle. `trips.published` stays the one public gate (search, sitemap,
 * pages read it); `trips.status` says where the guide's trip stands:
 * draft → submitted (waiting for support) → live; live → unpublished → submitted or live again.
 */
export const tripStatuses = ['draft', 'submitted', 'live', 'unpublished'] as const;
export type TripStatus = (typeof tripStatuses)[number];

/** What a guide's submission does: straight to live, or into support's queue. */
export type SubmitOutcome = 'live' | 'submitted';

/** What the submit decision needs to know about the guide. */
export type SubmittingGuide = {
  /** Support approved one of the guide's trips before (or one went live after such an approval). */
  hasApprovedTrip: boolean;
};

/**
 * The one publish decision: support reviews a guide's first trip; once one was approved, the
 * guide's later trips go live when submitted.
 */
export function submitOutcome(guide: SubmittingGuide): SubmitOutcome {
  return guide.hasApprovedTrip ? 'live' : 'submitted';
}

/** The statuses a guide may submit from. */
export const submittableStatuses: readonly TripStatus[] = ['draft', 'unpublished'];
