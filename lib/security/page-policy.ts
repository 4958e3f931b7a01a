import { processRegistry } from '../process-registry';
import { contentSecurityPolicy, type CspEnv, type CspOptions } from './csp';

/**
 * Registers this configuration's page policy in the process registry, where the page store
 * (lib/security/script-hashes.ts, loaded by Next.js outside the app's bundles) builds the policy
 * of each stored page from its inline scripts' hashes.
 */
export function registerPagePolicy(env: CspEnv, options: Omit<CspOptions, 'scripts'>): void {
  processRegistry().pagePolicy = (hashes) => contentSecurityPolicy(env, { ...options, scripts: { hashes } });
}

/** A fresh nonce for one answer: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
