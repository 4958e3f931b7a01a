// Text matching shared by the gazetteer and the search: the same normalization as the database's
// `cordee_unaccent(lower(text))` and the same trigram measures as PostgreSQL's pg_trgm, so that a
// place resolved here and a trip matched in SQL agree on what "similar" means. Pure: no Node APIs.

/** Latin letters that Unicode does not decompose into a base letter plus accents, as `unaccent` maps them. */
const UNDECOMPOSED_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
  ĳ: 'ij',
  ŀ: 'l',
  ŋ: 'n',
  ŧ: 't',
  ſ: 's',
  ƒ: 'f',
  ǆ: 'dz',
  ǉ: 'lj',
  ǌ: 'nj',
  ǳ: 'dz',
};
const UNDECOMPOSED_PATTERN = new RegExp(`[${Object.keys(UNDECOMPOSED_LETTERS).join('')}]`, 'gu');

/**
 * Lower case, accents stripped (`Écrins` → `ecrins`, `Sunnmøre` → `sunnmore`, `Großglockner` →
 * `grossglockner`), every run of characters that are neither letters nor digits turned into one
 * space, trimmed. Agrees with PostgreSQL's `lower(unaccent(text))` on Latin letters, up to the
 * punctuation that pg_trgm ignores anyway.
 */
export function normalizePlaceText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(UNDECOMPOSED_PATTERN, (letter) => UNDECOMPOSED_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Number of letters in a text (digits and separators not counted). */
export function letterCount(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/**
 * The trigrams of a normalized text in order, with repeats, as pg_trgm extracts them: each word
 * padded with two spaces before and one after (`"  cha", " ch", …, "ix "`).
 */
export function trigramSequence(normalized: string): string[] {
  const trigrams: string[] = [];
  for (const word of normalized.split(' ')) {
    if (!word) continue;
    const chars = Array.from(`  ${word} `);
    for (let i = 0; i + 3 <= chars.length; i++) trigrams.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return trigrams;
}

/** The set of trigrams of a text (normalized first). */
export function trigramSet(text: string): Set<string> {
  return new Set(trigramSequence(normalizePlaceText(text)));
}

/** pg_trgm computes in single precision (float4); rounding the same way keeps ties and thresholds identical. */
function ratio(shared: number, total: number): number {
  return total > 0 ? Math.fround(shared / total) : 0;
}

/** Similarity of two trigram sets, shared / union, as pg_trgm's `similarity()`. */
export function trigramSetSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const trigram of small) if (large.has(trigram)) shared++;
  return ratio(shared, a.size + b.size - shared);
}

/**
 * pg_trgm's `similarity(a, b)` on normalized texts: the shared trigrams over all distinct trigrams
 * of both. `trigramSimilarity('chamonix', 'Chamonix-Mont-Blanc')` = 0.47368422, as in PostgreSQL.
 */
export function trigramSimilarity(a: string, b: string): number {
  return trigramSetSimilarity(trigramSet(a), trigramSet(b));
}

/**
 * pg_trgm's `word_similarity(query, text)` on normalized texts: how well the query matches the best
 * contiguous extent of the text's trigram sequence. A port of the extension's own greedy search
 * (iterate_word_similarity), not the exhaustive maximum over all extents, so that it returns
 * exactly what PostgreSQL returns, e.g. `wordSimilarity('chamonix', 'Chamonix-Mont-Blanc')` = 1.
 */
export function wordSimilarity(query: string, text: string): number {
  const queryTrigrams = trigramSequence(normalizePlaceText(query));
  const textTrigrams = trigramSequence(normalizePlaceText(text));

  // Number every distinct trigram; `inQuery[id]` says whether the query has it.
  const ids = new Map<string, number>();
  const inQuery: boolean[] = [];
  const idOf = (trigram: string): number => {
    let id = ids.get(trigram);
    if (id === undefined) {
      id = ids.size;
      ids.set(trigram, id);
      inQuery.push(false);
    }
    return id;
  };
  for (const trigram of queryTrigrams) inQuery[idOf(trigram)] = true;
  const queryDistinct = ids.size;
  const positions = textTrigrams.map(idOf);

  // Walk the text; each time a query trigram is met, it closes an extent [lower, i]. The extent's
  // distinct trigrams (extentDistinct) and those shared with the query (extentShared) are kept up
  // to date through lastSeen, and the extent's start moves right whenever that improves the score.
  const lastSeen = new Array<number>(ids.size).fill(-1);
  let lower = -1;
  let extentShared = 0;
  let extentDistinct = 0;
  let best = 0;
  for (let i = 0; i < positions.length; i++) {
    const id = positions[i]!;
    if (lower >= 0 || inQuery[id]) {
      if (lastSeen[id]! < 0) {
        extentDistinct++;
        if (inQuery[id]) extentShared++;
      }
      lastSeen[id] = i;
    }
    if (!inQuery[id]) continue;

    if (lower === -1) {
      lower = i;
      extentDistinct = 1;
    }
    let score = ratio(extentShared, queryDistinct + extentDistinct - extentShared);
    let trialShared = extentShared;
    let trialDistinct = extentDistinct;
    const previousLower = lower;
    for (let start = lower; start <= i; start++) {
      const trial = ratio(trialShared, queryDistinct + trialDistinct - trialShared);
      if (trial > score) {
        score = trial;
        extentDistinct = trialDistinct;
        extentShared = trialShared;
        lower = start;
      }
      const startId = positions[start]!;
      if (lastSeen[startId] === start) {
        trialDistinct--;
        if (inQuery[startId]) trialShared--;
      }
    }
    best = Math.max(best, score);
    // Trigrams that fell out of the extent are no longer "seen".
    for (let start = previousLower; start < lower; start++) {
      const startId = positions[start]!;
      if (lastSeen[startId] === start) lastSeen[startId] = -1;
    }
  }
  return best;
}

/**
 * Optimal-string-alignment edit distance (insertions, deletions, substitutions and swaps of two
 * neighbouring characters), or `limit + 1` as soon as the distance is known to exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (Math.abs(s.length - t.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[t.length]!;
}
