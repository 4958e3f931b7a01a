/** Joins truthy class names (tiny internal helper for the ui primitives). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
