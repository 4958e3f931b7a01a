/** C0 and C1 control characters, except tab and line breaks. */
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/** Bidirectional overrides and isolates: they can make a text read differently from what it is. */
const bidiControls = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * Untrusted text made safe to store, mail and log: no control or bidi-override characters. A
 * single line also loses its line breaks and tabs (each run becomes one space), so a name can never
 * add a header to an e-mail; a multi-line text keeps `\n` (CR LF and CR become `\n`) and tabs.
 */
export function cleanText(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const kept = text.replace(controls, '').replace(bidiControls, '');
  return multiline ? kept.replace(/\r\n?|[\u2028\u2029]/g, '\n') : kept.replace(/[\r\n\t\u2028\u2029]+/g, ' ');
}

/** Untrusted text for a log line: one line, cleaned, at most `max` characters. */
export function forLog(text: string, max = 200): string {
  const clean = cleanText(text);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
