// The message rules shared by `npm run check:i18n` and tests/i18n/messages.test.ts.
export function flatten(object, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, path, out);
    else out.set(path, String(value));
  }
  return out;
}

// The set of arguments: an ICU select or plural may repeat one in each of its branches.
const placeholders = (text) => [...new Set([...text.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((m) => m[1]))].sort().join(',');
// Strings that are the same in every language (names, loanwords), or short enough to be shared.
const sameEverywhere = /^(Cordée|Blog|Trekking|FAQ|Menu|Osprey.*|Instagram|Facebook|YouTube|\{title\} \| Cordée)$/;

/**
 * French typography: a narrow no-break space (U+202F) before ; : ! ? and inside « », never a
 * plain space, a no-break space or none (an URL's "https:" is not followed by a space).
 */
export function frenchTypographyProblem(text) {
  if (/[ \u00a0][;:!?]|[^\s\u202f][;!?](?=\s|$)|[^\s\u202f/]:(?=\s|$)/u.test(text)) return 'needs U+202F before ; : ! ?';
  if (/«(?!\u202f)|(?<!\u202f)»/u.test(text)) return 'needs U+202F inside « »';
  if (/[^\u202f]%/u.test(text)) return 'needs U+202F before %';
  return null;
}

/** Spanish typography: every question opens with ¿ and every exclamation with ¡. */
export function spanishTypographyProblem(text) {
  const count = (character) => text.split(character).length - 1;
  if (count('?') !== count('¿')) return 'needs ¿ to open each question';
  if (count('!') !== count('¡')) return 'needs ¡ to open each exclamation';
  // "30 %" never wraps between the number and its sign.
  if (/[^\u00a0]%/u.test(text)) return 'needs a no-break space (U+00A0) before %';
  return null;
}

/** Every problem of the translations against English: missing, extra, empty, untranslated, placeholders. */
export function messageProblems(enMessages, translations) {
  const en = flatten(enMessages);
  const problems = [];
  for (const [locale, messages] of Object.entries(translations)) {
    const other = flatten(messages);
    for (const [key, text] of en) {
      if (!other.has(key)) {
        problems.push(`${locale}: missing key ${key}`);
        continue;
      }
      const translated = other.get(key);
      if (placeholders(text) !== placeholders(translated)) problems.push(`${locale}: placeholders differ in ${key}`);
      if (translated === text && text.length > 12 && !sameEverywhere.test(text)) problems.push(`${locale}: ${key} is still in English`);
      if (translated.trim() === '') problems.push(`${locale}: ${key} is empty`);
      const typography = locale === 'fr' ? frenchTypographyProblem(translated) : locale === 'es' ? spanishTypographyProblem(translated) : null;
      if (typography) problems.push(`${locale}: ${key} ${typography}`);
    }
    for (const key of other.keys()) if (!en.has(key)) problems.push(`${locale}: key ${key} is not in en`);
  }
  return { keys: en.size, problems };
}
