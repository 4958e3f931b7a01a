/** The longest slug a trip may have in one language. */
export const MAX_SLUG_LENGTH = 80;

/** A slug as URLs carry it: lower-case letters and digits in words joined by single hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a title gives: accents dropped, lower case, every run of other characters one hyphen ('Haute Route à ski' → 'haute-route-a-ski'). */
export function slugOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
}
