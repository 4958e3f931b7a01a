/**
 * The FormData a plain form action was given. A Server Action can be called with any serialisable
 * value (a forged request sends JSON, not a form): anything else reads as an empty form, so the
 * action answers its usual refusal instead of throwing.
 */
export function asFormData(value: unknown): FormData {
  return value instanceof FormData ? value : new FormData();
}
