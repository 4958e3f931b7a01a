import 'server-only';
import * as Sentry from '@sentry/nextjs';
import { getTranslations } from 'next-intl/server';
import type { z } from 'zod';
import { defaultLocale, isLocale, type Locale } from '../locales';
import { errorFields, requestLogger } from '../log';
import { formMinFillMs, rateLimiter } from '../server/form-guard';
import { minutesToWait } from '../server/rate-limit';
import { requestContext } from '../server/request-context';
import { forLog } from '../security/clean-text';
import { botVerdict, isSameOrigin, submittedEmail } from '../security/submission-guard';
import { formErrors, issuesByField, readFormMessage, type FormAction, type FormErrorKey, type FormState } from './errors';
import { readFormData, submittedValues } from './form-data';
import { newIdempotencyKey } from './idempotency-key';
import { IdempotencyConflict, submissionFingerprint, withSubmissionFingerprint } from './submission-fingerprint';

/** A field's error: a spec §5 message key (or a limitMessage carrying its values), or a key with its ICU values. */
export type FieldRejection = FormErrorKey | (string & {}) | readonly [FormErrorKey, Record<string, string | number>];

/** What a handler answers when the trip's own rules refuse a value the schema let through. */
export type Rejection = { ok: false; rejected: Record<string, FieldRejection> };

/** Refuse fields after the schema passed (e.g. more travellers than open spots). */
export const reject = (rejected: Record<string, FieldRejection>): Rejection => ({ ok: false, rejected });

/**
 * A form's Server Action (`(state, formData) => state`, for `useActionState` or a plain
 * `<form action>`), wrapped as architecture §5 says, with every check a write needs, in order:
 * same origin (ASVS 3.5), the honeypot and the minimum fill time (ASVS 2.4), the form's own zod
 * schema over the FormData read once into its shape (lib/forms/form-data.ts), the rate limits (a
 * 'try again in N minutes' answer; the budgets other clients share, per mailbox and per domain, are
 * given back when the handler refuses or fails: only what was sent spends them), then the handler, in the scope of the
 * submission's fingerprint (its validated content and session: the idempotency key with other
 * content answers a conflict). A submission without a key (sent before the page's code ran: the
 * key is drawn in the browser, never in shared HTML) gets one drawn here. Errors come back
 * translated in the form's locale (spec §5 messages), with what was sent so the form is drawn
 * again with it; an unexpected failure (database down) answers 'try again' instead of a 500, is
 * logged with the request id and reported to Sentry. Anything but FormData (a forged call) reads
 * as an empty form and is refused. The request body's size is bounded before any of this
 * (next.config.ts `serverActions.bodySizeLimit`).
 */
export function validatedAction<S extends z.ZodType<{ locale: Locale }>, T extends object>(
  schema: S,
  handler: (data: z.output<S>) => Promise<({ ok: true } & T) | Rejection>,
  /**
   * `emailLimits: false`: the address given is not counted (per mailbox, per domain) here, for a form
   * whose handler caps its own e-mails without refusing (sign-in: a refusal would lock the owner out).
   */
  options: { emailLimits?: boolean } = {},
): FormAction<{ ok: true } & T> {
  return async (_state, formData) => {
    const form = formData instanceof FormData ? formData : new FormData();
    const values = submittedValues(form);
    const input = readFormData(form);
    const locale = isLocale(input.locale) ? input.locale : defaultLocale;
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
    type State = FormState<{ ok: true } & T>;
    const refused = (formError: string, fieldErrors: Record<string, string> = {}, extra: Partial<State> = {}): State => ({ status: 'refused', formError, fieldErrors, values, result: null, ...extra });
    const refuse = (fields: Record<string, FieldRejection>): State =>
      refused(t(formErrors.checkData), Object.fromEntries(Object.entries(fields).map(([field, rejection]) => [field, translate(rejection)])));
    const stop = (formError: string, extra: { retryAfterMinutes?: number } = {}): State => refused(formError, {}, { retryable: true, ...extra });

    if (!isSameOrigin(request)) {
      log.warn({ origin: forLog(request.origin ?? ''), host: forLog(request.host ?? '') }, 'form refused: not same origin');
      return stop(guard('crossOrigin'));
    }
    const bot = botVerdict(input, formMinFillMs());
    if (bot !== 'person') {
      log.info({ verdict: bot }, 'form refused: automated submission');
      return bot === 'honeypot' ? refuse({ form: formErrors.checkData }) : stop(guard('tooFast'));
    }
    // Sent before the page's code drew a key (no JavaScript): one of its own, never one shared by a cached page.
    if (!input.idempotencyKey) {
      input.idempotencyKey = newIdempotencyKey();
      values.idempotencyKey = input.idempotencyKey as string;
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) return refuse(issuesByField(parsed.error.issues));
    const limit = await rateLimiter().consume({ ip: request.ip, email: options.emailLimits === false ? null : submittedEmail(parsed.data) });
    if (!limit.ok) {
      const minutes = minutesToWait(limit.retryAfterMs);
      log.warn({ retryAfterMinutes: minutes }, 'form refused: rate limit');
      return stop(guard('rateLimited', { minutes }), { retryAfterMinutes: minutes });
    }
    try {
      const fingerprint = submissionFingerprint(parsed.data, request.sessionToken);
      const result = await withSubmissionFingerprint(fingerprint, () => handler(parsed.data));
      if ('rejected' in result) {
        await limit.release();
        return refuse(result.rejected);
      }
      return { status: 'sent', formError: null, fieldErrors: {}, values, result };
    } catch (error) {
      // Nothing was stored, so nothing was sent: the shared budgets get their points back.
      await limit.release();
      if (error instanceof IdempotencyConflict) {
        log.warn('form refused: idempotency key reused with other content');
        return refused(t(formErrors.idempotencyConflict));
      }
      Sentry.captureException(error);
      log.error(errorFields(error), 'form action failed');
      return stop(t(formErrors.retry));
    }
  };
}
