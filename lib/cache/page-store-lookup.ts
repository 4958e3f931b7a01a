import { processRegistry } from '../process-registry';

/**
 * Whether a page cached whole has a copy in this process's page store that Next.js serves
 * without rendering it (lib/cache/page-store.ts, loaded by Next.js outside the app's bundles,
 * puts its reader in the process registry). proxy.ts asks while the database is down: such a page
 * keeps being served, any other answers 503.
 */
export function isInPageStore(internalPath: string): boolean {
  try {
    return processRegistry().pageStore?.reader?.hasPage(internalPath) ?? false;
  } catch {
    return false;
  }
}
