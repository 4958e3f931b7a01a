/**
 * Whether a page cached whole has a copy in this process's page store that Next.js serves
 * without rendering it (lib/server/page-store.mjs, loaded by Next.js outside the app's
 * bundles, registers itself under a process-wide symbol). proxy.ts asks while the database is down:
 * such a page keeps being served, any other answers 503.
 */
export function isInPageStore(internalPath: string): boolean {
  const registry = (globalThis as { [key: symbol]: { hasPage?: (path: string) => boolean } | undefined })[Symbol.for('cordee.page-store')];
  try {
    return registry?.hasPage?.(internalPath) ?? false;
  } catch {
    return false;
  }
}
