/**
 * What a visitor typed in a form and has not sent yet, kept in the tab's session storage for the
 * page it was typed on: a page that re-renders for another traveller count or currency (a new URL
 * on the server, so new islands) or that is reloaded gives it back. Sending the form forgets it.
 */
import type { StorageKey } from './keys';
import type { StorageLike } from './storage';
import { readStorage, removeStorage, writeStorage } from './storage';

/** A form's unsent values by dotted field name (`phone.number`): strings, numbers, booleans or null. */
export type FormDraft = Record<string, string | number | boolean | null>;

/** Longest text kept per field: a draft is a convenience, never a store of large input. */
const MAX_VALUE_LENGTH = 10_000;

function isDraftValue(value: unknown): value is FormDraft[string] {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.length <= MAX_VALUE_LENGTH;
}

/** The valid entries of a stored draft; undefined when it is not an object. */
function decodeDraft(value: unknown): FormDraft | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const draft: FormDraft = {};
  for (const [name, entry] of Object.entries(value)) if (isDraftValue(entry)) draft[name] = entry;
  return draft;
}

/** The session-storage key of a form's draft on one page (its path, without the query). */
export function formDraftKey(form: string, path: string): StorageKey<FormDraft> {
  const defaultValue = (): FormDraft => ({});
  const decode = (raw: string): FormDraft | undefined => {
    try {
      return decodeDraft(JSON.parse(raw));
    } catch {
      return undefined;
    }
  };
  return {
    name: `draft:${form}:${path}`,
    defaultValue,
    decode,
    parse: (raw) => (raw === null ? defaultValue() : (decode(raw) ?? defaultValue())),
    // An empty draft is stored by removing the key.
    serialize: (value) => {
      const draft = decodeDraft(value) ?? {};
      return Object.keys(draft).length === 0 ? null : JSON.stringify(draft);
    },
  };
}

/** The tab's session storage, or null without one (server rendering, storage disabled). */
export function getSessionStorage(): StorageLike | null {
  try {
    if (typeof window === 'undefined') return null;
    return window.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Dotted names of a form's values (`{ phone: { number } }` → `phone.number`), the leaves a draft can hold. */
export function flattenDraft(values: object, prefix = ''): FormDraft {
  const draft: FormDraft = {};
  for (const [name, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(draft, flattenDraft(value as object, path));
    else if (isDraftValue(value)) draft[path] = value;
  }
  return draft;
}

/** Never kept in a draft: one submission's key, the page's locale, and consent, given anew each time. */
const NEVER_DRAFTED = ['idempotencyKey', 'locale', 'acceptTerms'];

/** A draft without the fields named in `skip` (those the page or the server owns), nested ones included. */
function withoutFields(draft: FormDraft, skip: readonly string[]): FormDraft {
  return Object.fromEntries(Object.entries(draft).filter(([name]) => ![...NEVER_DRAFTED, ...skip].some((skipped) => name === skipped || name.startsWith(`${skipped}.`))));
}

/** A form's draft on a page ({} when none), without the fields named in `skip`. */
export function readFormDraft(form: string, path: string, skip: readonly string[] = [], storage: StorageLike | null = getSessionStorage()): FormDraft {
  return withoutFields(readStorage(formDraftKey(form, path), storage), skip);
}

/** Keeps a form's draft, without the fields named in `skip` (those the page or the server owns). */
export function writeFormDraft(form: string, path: string, draft: FormDraft, skip: readonly string[] = [], storage: StorageLike | null = getSessionStorage()): boolean {
  return writeStorage(formDraftKey(form, path), withoutFields(draft, skip), storage);
}

/** Forgets a form's draft on a page (once it is sent). */
export function clearFormDraft(form: string, path: string, storage: StorageLike | null = getSessionStorage()): boolean {
  return removeStorage(formDraftKey(form, path), storage);
}
