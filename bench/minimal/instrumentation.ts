// The minimal app registers nothing: without this file Turbopack would take the repository root's.
export function register(): void {}
