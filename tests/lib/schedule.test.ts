import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/log';
import { processRegistry } from '@/lib/process-registry';
import { scheduleEvery } from '@/lib/schedule';

describe('scheduleEvery', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    processRegistry().schedules?.clear();
  });
  afterEach(() => {
    for (const timer of processRegistry().schedules?.values() ?? []) clearInterval(timer);
    processRegistry().schedules?.clear();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs first after the delay, then at every interval, once per name however often it is scheduled', async () => {
    const job = vi.fn(async () => undefined);
    scheduleEvery('test-job', { everyMs: 60_000, firstAfterMs: 5_000 }, job, 'test job failed');
    scheduleEvery('test-job', { everyMs: 1_000, firstAfterMs: 1_000 }, job, 'test job failed');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(job).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(job).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(55_000);
    expect(job).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(job).toHaveBeenCalledTimes(4);
  });

  it('logs a failed run and runs again at the next interval', async () => {
    const error = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    const job = vi.fn().mockRejectedValueOnce(new Error('database unreachable')).mockResolvedValue(undefined);
    scheduleEvery('failing-job', { everyMs: 10_000, firstAfterMs: 1_000 }, job, 'failing job failed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(error).toHaveBeenCalledWith({ job: 'failing-job', error: expect.objectContaining({ message: 'database unreachable' }) }, 'failing job failed');
    await vi.advanceTimersByTimeAsync(9_000);
    expect(job).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
