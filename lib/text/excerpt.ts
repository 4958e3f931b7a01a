/**
 * The start of a text up to `maxLength` characters, cut at a word boundary with an ellipsis when
 * it is longer (a review quoted on the home page). Whitespace runs become one space.
 */
export function excerpt(text: string, maxLength: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,;:.!?–—-]+$/u, '')}…`;
}
