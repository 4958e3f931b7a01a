import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../security/submission-guard';

/**
 * Forms travel as FormData, whose names are dotted paths of the schema's shape: `phone.country`,
 * `entries.0.amount`. readFormData turns them into the nested objects and arrays the zod schema
 * reads (the values stay text: the schemas read numbers, checkboxes and empty fields from text);
 * toFormData is the inverse, for a client island that holds its values as an object.
 */

/** Keys that would reach Object.prototype instead of the form's own values. */
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
/** A list's rows come from a form: an index past this is not a row. */
const MAX_INDEX = 1000;

type Tree = { [key: string]: Tree | string | string[] };

const isIndex = (key: string) => /^(0|[1-9]\d{0,3})$/.test(key) && Number(key) <= MAX_INDEX;

/** Objects whose keys are all row indexes become arrays, in index order (holes left by removed rows closed). */
function settle(node: Tree | string | string[]): unknown {
  if (typeof node === 'string' || Array.isArray(node)) return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every(isIndex)) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => settle(node[String(index)]!));
  }
  return Object.fromEntries(keys.map((key) => [key, settle(node[key]!)]));
}

/**
 * A form's values in its schema's shape: dotted names → nested objects, numeric segments → arrays,
 * a name sent several times → its values in order. Files and unsafe names are left out.
 */
export function readFormData(formData: FormData): Record<string, unknown> {
  const root: Tree = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value !== 'string') continue;
    const keys = name.split('.');
    if (keys.some((key) => key === '' || UNSAFE_KEYS.has(key))) continue;
    const last = keys.pop()!;
    let parent: Tree = root;
    let conflict = false;
    for (const key of keys) {
      const child = Object.hasOwn(parent, key) ? parent[key] : undefined;
      if (child === undefined) parent = parent[key] = {};
      else if (typeof child === 'string' || Array.isArray(child)) {
        conflict = true;
        break;
      } else parent = child;
    }
    // `a` and `a.b` both sent: the form is not one of ours, the first one stays.
    if (conflict) continue;
    const existing = Object.hasOwn(parent, last) ? parent[last] : undefined;
    if (existing === undefined) parent[last] = value;
    else if (typeof existing === 'string') parent[last] = [existing, value];
    else if (Array.isArray(existing)) existing.push(value);
  }
  return settle(root) as Record<string, unknown>;
}

/**
 * An object's values as a form sends them, by dotted name: text as is, numbers as text, `true` as
 * a checked checkbox ('on'), `false` and undefined left out (an unchecked box), null as an empty field.
 */
export function toFormData(values: object, formData: FormData = new FormData(), prefix = ''): FormData {
  for (const [key, value] of Object.entries(values)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === undefined || value === false) continue;
    if (value === null) formData.append(name, '');
    else if (value === true) formData.append(name, 'on');
    else if (typeof value === 'number') formData.append(name, Number.isFinite(value) ? String(value) : '');
    else if (typeof value === 'string') formData.append(name, value);
    else if (value instanceof Date) formData.append(name, Number.isNaN(value.getTime()) ? '' : value.toISOString());
    else if (typeof Blob !== 'undefined' && value instanceof Blob) formData.append(name, value);
    else if (typeof value === 'object') toFormData(value as object, formData, name);
    else formData.append(name, String(value));
  }
  return formData;
}

/**
 * The text a visitor sent, by dotted name, to draw the form again with it (never the honeypot nor
 * the fill time, which are the bot checks' own). A name sent several times keeps its last value.
 */
export function submittedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value !== 'string' || name === HONEYPOT_FIELD || name === FILL_TIME_FIELD || name.startsWith('$ACTION')) continue;
    values[name] = value;
  }
  return values;
}
