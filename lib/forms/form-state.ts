import type { FormState } from './errors';

/*
 * What a form's code needs in the browser from the form protocol (lib/forms/errors.ts): kept apart
 * from the table of error keys, which only the schemas and the Server Actions read.
 */

/** A form before anything was sent. */
export const initialFormState: FormState<never> = { status: 'idle', formError: null, fieldErrors: {}, values: {}, result: null };

/** The key and the ICU values of a schema's message (a bare key has no values). */
export function readFormMessage(message: string): { key: string; values: Record<string, number> } {
  const at = message.indexOf('?');
  if (at === -1) return { key: message, values: {} };
  const values: Record<string, number> = {};
  for (const [name, value] of new URLSearchParams(message.slice(at + 1))) {
    const number = Number(value);
    if (/^\w+$/.test(name) && Number.isFinite(number)) values[name] = number;
  }
  return { key: message.slice(0, at), values };
}

/**
 * The `Forms.errors` texts every page with a form sends: said when the form's code or the others'
 * texts cannot be downloaded. The schemas' other texts load with the schema (formErrorTextsPath).
 */
export const PAGE_ERROR_KEYS = ['checkData', 'retryLater'] as const;

/** A locale's `Forms` messages as a page sends them: of `errors`, only PAGE_ERROR_KEYS. */
export function pageFormMessages<T extends { errors: Record<string, string> }>(forms: T): Omit<T, 'errors'> & { errors: Record<string, string> } {
  return { ...forms, errors: Object.fromEntries(PAGE_ERROR_KEYS.map((key) => [key, forms.errors[key]])) };
}

/** The texts of the schemas' error keys (`Forms.errors`) for a locale, made at build time (app/api/form-errors). */
export const formErrorTextsPath = (locale: string) => `/api/form-errors/${locale}`;
