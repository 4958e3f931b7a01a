import { describe, expect, it } from 'vitest';
import { CACHE_BUDGET_DEFAULTS_MB } from '@/lib/cache/byte-lru';
import { APP_HEAP_MB, heapLimitMb, serverNodeArgs } from '@/lib/server/heap-limit';

describe('the server heap limit', () => {
  it('is every cache budget plus the app’s own heap', () => {
    const budgets = Object.values(CACHE_BUDGET_DEFAULTS_MB).reduce((sum, mb) => sum + mb, 0);
    expect(heapLimitMb({})).toBe(budgets + APP_HEAP_MB);
    expect(serverNodeArgs({})).toEqual([`--max-old-space-size=${budgets + APP_HEAP_MB}`]);
  });

  it('follows the budgets the environment sets', () => {
    expect(heapLimitMb({ PAGE_STORE_BUDGET_MB: '48' })).toBe(heapLimitMb({}) - CACHE_BUDGET_DEFAULTS_MB.PAGE_STORE_BUDGET_MB + 48);
  });

  it('leaves a limit given in NODE_OPTIONS alone', () => {
    expect(serverNodeArgs({ NODE_OPTIONS: '--max-old-space-size=2048' })).toEqual([]);
    expect(serverNodeArgs({ NODE_OPTIONS: '--enable-source-maps --max_old_space_size=2048' })).toEqual([]);
  });
});
