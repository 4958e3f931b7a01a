import 'server-only';
import * as Sentry from '@sentry/nextjs';
import { getTranslations } from 'next-intl/server';
import type { z } from 'zod';
import { defaultLocale, isLocale, type Locale } from '../locales';
import { formErrors, type ActionResult, type FormErrorKey } from './errors';

/** A field's error: a spec §5 message key, with its ICU values when it has some. */
export type FieldRejection = FormErrorKey | readonly [FormErrorKey, Record<string, string | number>];

/** What a handler answers when the trip's own rules refuse a value the schema let through. */
export type Rejection = { ok: false; rejected: Record<string, FieldRejection> };

/** Refuse fields after the schema passed (e.g. more travellers than open spots). */
export const reject = (rejected: Record<string, FieldRejection>): Rejection => ({ ok: false, rejected });

const knownKeys = new Set<string>(Object.values(formErrors));

/** The first issue of each top-level field, as a message key (spec §5 'Please check data.' for the unexpected). */
export function issuesByField(issues: readonly z.core.$ZodIssue[]): Record<string, FormErrorKey> {
  const fields: Record<string, FormErrorKey> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    if (field in fields) continue;
    fields[field] = (knownKeys.has(issue.message) ? issue.message : formErrors.checkData) as FormErrorKey;
  }
  return fields;
}

/**
 * A Server Action wrapped as architecture §5 says: the form's own zod schema validates again on
 * the server, errors come back translated in the form's locale (spec §5 messages), and an
 * unexpected failure (database down) answers 'try again' instead of a 500, so the form keeps
 * everything the traveller typed.
 */
export function validatedAction<S extends z.ZodType<{ locale: Locale }>, T extends object>(
  schema: S,
  handler: (data: z.output<S>) => Promise<({ ok: true } & T) | Rejection>,
): (input: unknown) => Promise<ActionResult<T>> {
  return async (input) => {
    const raw = input as { locale?: unknown } | null;
    const locale = isLocale(raw?.locale) ? raw.locale : defaultLocale;
    const t = await getTranslations({ locale, namespace: 'Forms.errors' });
    const translate = (rejection: FieldRejection) => (typeof rejection === 'string' ? t(rejection) : t(rejection[0], rejection[1]));
    const refuse = (fields: Record<string, FieldRejection>): ActionResult<T> => ({
      ok: false,
      formError: t(formErrors.checkData),
      fieldErrors: Object.fromEntries(Object.entries(fields).map(([field, rejection]) => [field, translate(rejection)])),
    });

    const parsed = schema.safeParse(input);
    if (!parsed.success) return refuse(issuesByField(parsed.error.issues));
    try {
      const result = await handler(parsed.data);
      return 'rejected' in result ? refuse(result.rejected) : result;
    } catch (error) {
      Sentry.captureException(error);
      console.error(JSON.stringify({ level: 'error', msg: 'form action failed', error: error instanceof Error ? error.message : String(error) }));
      return { ok: false, formError: t(formErrors.retry), fieldErrors: {}, retryable: true };
    }
  };
}
