/** spec §9: guides answer within 6 to 24 hours; the figure a guide shows always lies in that frame. */
export const REPLY_FRAME_HOURS = { min: 6, max: 24 } as const;

/** Below this many answers, a guide's measured time says too little: their stated time stands. */
export const MIN_MEASURED_ANSWERS = 3;

/** How long a guide took to give their first answers: the median, in hours, over `answers` of them. */
export type MeasuredReplies = { answers: number; medianHours: number };

/**
 * The one reply-time figure of a guide, shown on every page and in every e-mail: the median of their
 * measured first answers once there are enough of them, else the time they stated, in whole hours
 * within the 6–24 h promise.
 */
export function replyHours(measured: MeasuredReplies | null, statedHours: number): number {
  const hours = measured && measured.answers >= MIN_MEASURED_ANSWERS ? measured.medianHours : statedHours;
  return Math.min(REPLY_FRAME_HOURS.max, Math.max(REPLY_FRAME_HOURS.min, Math.ceil(hours)));
}
