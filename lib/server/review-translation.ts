import 'server-only';
import { Translator, type TargetLanguageCode } from 'deepl-node';
import { reviewForTranslation, storeReviewTranslation } from '../db/queries/reviews';
import { env } from '../env';
import type { Locale } from '../locales';
import { logJsonLine } from '../mail/worker';

// DeepL wants a variant for English as a target.
const targets: Record<Locale, TargetLanguageCode> = { en: 'en-GB', fr: 'fr', es: 'es' };

let translator: Translator | null = null;

/** Whether readers may ask for a machine translation: only with a DeepL key configured (nothing is called otherwise). */
export const reviewTranslationEnabled = (): boolean => Boolean(env.DEEPL_API_KEY);

function deepl(): Translator | null {
  if (!env.DEEPL_API_KEY) return null;
  // Few retries and a short timeout: a reader waits on the answer.
  translator ??= new Translator(env.DEEPL_API_KEY, { serverUrl: env.DEEPL_SERVER_URL, maxRetries: 1, minTimeout: 5_000, sendPlatformInfo: false });
  return translator;
}

export type TranslationOutcome = { ok: true; tripId: number; guideId: number; stored: boolean } | { ok: false; reason: 'notFound' | 'unavailable' };

/**
 * A review's comment in the reader's language through DeepL, asked for once per review and
 * language and kept in PostgreSQL (a stored translation is never asked for again).
 */
export async function translateReview(reviewKey: string, target: Locale): Promise<TranslationOutcome> {
  const client = deepl();
  if (!client) return { ok: false, reason: 'unavailable' };
  const review = await reviewForTranslation(reviewKey, target);
  if (!review?.comment || review.commentLanguage === target) return { ok: false, reason: 'notFound' };
  if (review.translated !== null) return { ok: true, tripId: review.tripId, guideId: review.guideId, stored: false };
  try {
    const result = await client.translateText(review.comment, null, targets[target]);
    await storeReviewTranslation(review.id, target, result.text, result.detectedSourceLang ?? null);
    return { ok: true, tripId: review.tripId, guideId: review.guideId, stored: true };
  } catch (error) {
    logJsonLine({ level: 'warn', msg: 'review translation failed', error });
    return { ok: false, reason: 'unavailable' };
  }
}
