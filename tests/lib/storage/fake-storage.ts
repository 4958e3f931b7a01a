import type { StorageLike } from '../../../lib/storage';

/** An in-memory Storage for node tests. */
export class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.items.set(name, value);
  }

  getItem(name: string): string | null {
    return this.items.get(name) ?? null;
  }

  setItem(name: string, value: string): void {
    this.items.set(name, String(value));
  }

  removeItem(name: string): void {
    this.items.delete(name);
  }

  clear(): void {
    this.items.clear();
  }

  snapshot(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}

function quotaError(): Error {
  const error = new Error('The quota has been exceeded.');
  error.name = 'QuotaExceededError';
  return error;
}

function securityError(): Error {
  const error = new Error('The operation is insecure.');
  error.name = 'SecurityError';
  return error;
}

/** Storage whose writes exceed the quota (reads work). */
export class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw quotaError();
  }
}

/** Storage where every operation throws (disabled storage). */
export class ThrowingStorage implements StorageLike {
  getItem(): string | null {
    throw securityError();
  }
  setItem(): void {
    throw securityError();
  }
  removeItem(): void {
    throw securityError();
  }
  clear(): void {
    throw securityError();
  }
}

export { quotaError, securityError };
