/** Parsed values by their JSON text: a page's few texts (messages, per locale) are parsed once per process. */
const parsed = new Map<string, unknown>();
/** Message subsets and currency pickers (locales × rated currencies) a process serves; cleared past it. */
const MAX_PARSED = 256;

/**
 * The value of a JSON text that many renders share (the same messages for every page of a
 * locale), parsed once. The value is shared: callers never mutate it.
 */
export function parsedJson<T>(json: string): T {
  let value = parsed.get(json);
  if (value === undefined) {
    value = JSON.parse(json) as unknown;
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(json, value);
  }
  return value as T;
}
