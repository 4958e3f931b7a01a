/** The initials of a name, two at most ("Chamonix Alpine Guides" → "CA"): a guide's avatar when it has no picture. */
export function initialsOf(name: string): string {
  return name
    .split(/[\s-]+/)
    .map((word) => word.match(/\p{L}/u)?.[0])
    .filter((letter): letter is string => letter !== undefined)
    .slice(0, 2)
    .map((letter) => letter.toLocaleUpperCase())
    .join('');
}
