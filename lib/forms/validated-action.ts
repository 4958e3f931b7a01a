import 'server-only';
import * as Sentry from '@sentry/nextjs';
import { getTranslations } from 'next-intl/server';
import type { z } from 'zod';
import { defaultLocale, isLocale, type Locale } from '../locales';
import { errorFields, requestLogger } from '../log';
import { formMinFillMs, formRateLimiter } from '../server/form-guard';
import { minutesToWait } from '../server/rate-limit';
import { requestContext } from '../server/request-context';
import { forLog } from '../security/clean-text';
import { botVerdict, isSameOrigin, submittedEmail } from '../security/submission-guard';
import { formErrors, readFormMessage, type ActionResult, type FormErrorKey } from './errors';
import { IdempotencyConflict, submissionFingerprint, withSubmissionFingerprint } from './submission-fingerprint';

/** A field's error: a spec §5 message key (or a limitMessage carrying its values), or a key with its ICU values. */
export type FieldRejection = FormErrorKey | (string & {}) | readonly [FormErrorKey, Record<string, string | number>];

/** What a handler answers when the trip's own rules refuse a value the schema let through. */
export type Rejection = { ok: false; rejected: Record<string, FieldRejection> };

/** Refuse fields after the schema passed (e.g. more travellers than open spots). */
export const reject = (rejected: Record<string, FieldRejection>): Rejection => ({ ok: false, rejected });

const knownKeys = new Set<string>(Object.values(formErrors));

/** The first issue of each top-level field, as its message (a key, or a limitMessage; spec §5 'Please check data.' for the unexpected). */
export function issuesByField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    if (field in fields) continue;
    fields[field] = knownKeys.has(readFormMessage(issue.message).key) ? issue.message : formErrors.checkData;
  }
  return fields;
}

/**
 * A Server Action wrapped as architecture §5 says, with every check a write needs, in order:
 * same origin (ASVS 3.5), the honeypot and the minimum fill time (ASVS 2.4), the form's own zod
 * schema again on the server, the per-address and per-e-mail rate limit (a 'try again in N
 * minutes' answer), then the handler, in the scope of the submission's fingerprint (its validated
 * content and session: the idempotency key with other content answers a conflict). Errors come back translated in the form's locale (spec §5
 * messages); an unexpected failure (database down) answers 'try again' instead of a 500, is
 * logged with the request id and reported to Sentry, and the form keeps everything typed. The
 * request body's size is bounded before any of this (next.config.ts `serverActions.bodySizeLimit`).
 */
export function validatedAction<S extends z.ZodType<{ locale: Locale }>, T extends object>(
  schema: S,
  handler: (data: z.output<S>) => Promise<({ ok: true } & T) | Rejection>,
  /**
   * `emailLimits: false`: the address given is not counted (per mailbox, per domain) here, for a form
   * whose handler caps its own e-mails without refusing (sign-in: a refusal would lock the owner out).
   */
  options: { emailLimits?: boolean } = {},
): (input: unknown) => Promise<ActionResult<T>> {
  return async (input) => {
    const raw = input as { locale?: unknown } | null;
    const locale = isLocale(raw?.locale) ? raw.locale : defaultLocale;
    const [t, guard, request] = await Promise.all([
      getTranslations({ locale, namespace: 'Forms.errors' }),
      getTranslations({ locale, namespace: 'FormGuard' }),
      requestContext(),
    ]);
    const log = requestLogger(request.requestId);
    const translate = (rejection: FieldRejection) => {
      if (typeof rejection !== 'string') return t(rejection[0], rejection[1]);
      const { key, values } = readFormMessage(rejection);
      return t(key as FormErrorKey, values);
    };
    const refuse = (fields: Record<string, FieldRejection>): ActionResult<T> => ({
      ok: false,
      formError: t(formErrors.checkData),
      fieldErrors: Object.fromEntries(Object.entries(fields).map(([field, rejection]) => [field, translate(rejection)])),
    });
    const stop = (formError: string, extra: { retryAfterMinutes?: number } = {}): ActionResult<T> => ({ ok: false, formError, fieldErrors: {}, retryable: true, ...extra });

    if (!isSameOrigin(request)) {
      log.warn({ origin: forLog(request.origin ?? ''), host: forLog(request.host ?? '') }, 'form refused: not same origin');
      return stop(guard('crossOrigin'));
    }
    const bot = botVerdict(input, formMinFillMs());
    if (bot !== 'person') {
      log.info({ verdict: bot }, 'form refused: automated submission');
      return bot === 'honeypot' ? refuse({ form: formErrors.checkData }) : stop(guard('tooFast'));
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) return refuse(issuesByField(parsed.error.issues));
    const limit = await formRateLimiter().consume({ ip: request.ip, email: options.emailLimits === false ? null : submittedEmail(parsed.data) });
    if (!limit.ok) {
      const minutes = minutesToWait(limit.retryAfterMs);
      log.warn({ retryAfterMinutes: minutes }, 'form refused: rate limit');
      return stop(guard('rateLimited', { minutes }), { retryAfterMinutes: minutes });
    }
    try {
      const fingerprint = submissionFingerprint(parsed.data, request.sessionToken);
      const result = await withSubmissionFingerprint(fingerprint, () => handler(parsed.data));
      return 'rejected' in result ? refuse(result.rejected) : result;
    } catch (error) {
      if (error instanceof IdempotencyConflict) {
        log.warn('form refused: idempotency key reused with other content');
        return { ok: false, formError: t(formErrors.idempotencyConflict), fieldErrors: {} };
      }
      Sentry.captureException(error);
      log.error(errorFields(error), 'form action failed');
      return stop(t(formErrors.retry));
    }
  };
}
