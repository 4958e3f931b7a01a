// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveResults } from '@/components/search/use-live-results';

afterEach(cleanup);

type Load = (search: string, signal: AbortSignal) => Promise<string>;

function setup(load: Load, retry: (error: unknown) => boolean = () => true) {
  const loader = vi.fn(load);
  const hook = renderHook(() => useLiveResults('query=trek', 'trek results', loader, retry));
  return { loader, hook };
}

describe('useLiveResults', () => {
  it('shows the page’s results, keeps them while the next load, then shows the next', async () => {
    let resolve!: (value: string) => void;
    const { loader, hook } = setup(() => new Promise((done) => (resolve = done)));
    expect(hook.result.current).toMatchObject({ data: 'trek results', isFetching: false, isPlaceholderData: false, error: null });
    act(() => hook.result.current.navigate('query=ski'));
    expect(hook.result.current).toMatchObject({ data: 'trek results', isFetching: true, isPlaceholderData: true });
    await act(async () => resolve('ski results'));
    expect(hook.result.current).toMatchObject({ data: 'ski results', isFetching: false, isPlaceholderData: false });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('aborts a superseded load and shows only the last search’s results', async () => {
    const pending = new Map<string, (value: string) => void>();
    const signals: AbortSignal[] = [];
    const { hook } = setup((search, signal) => {
      signals.push(signal);
      return new Promise((done) => pending.set(search, done));
    });
    act(() => hook.result.current.navigate('query=ski'));
    act(() => hook.result.current.navigate('query=climb'));
    expect(signals[0]!.aborted).toBe(true);
    await act(async () => pending.get('query=ski')!('ski results'));
    expect(hook.result.current.data).toBe('trek results');
    await act(async () => pending.get('query=climb')!('climb results'));
    expect(hook.result.current.data).toBe('climb results');
  });

  it('shows a search fetched in the last minute again without asking', async () => {
    const { loader, hook } = setup(async (search) => `${search} results`);
    await act(async () => hook.result.current.navigate('query=ski'));
    act(() => hook.result.current.navigate('query=trek'));
    expect(hook.result.current).toMatchObject({ data: 'trek results', isFetching: false });
    act(() => hook.result.current.navigate('query=ski'));
    expect(hook.result.current).toMatchObject({ data: 'query=ski results', isFetching: false });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('does not ask again a load its retry rule refuses, keeping the results shown', async () => {
    const refusal = new Error('429');
    const { loader, hook } = setup(() => Promise.reject(refusal), (error) => error !== refusal);
    await act(async () => hook.result.current.navigate('query=ski'));
    await waitFor(() => expect(hook.result.current.error).toBe(refusal));
    expect(hook.result.current).toMatchObject({ data: 'trek results', isFetching: false });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load once more before saying so', async () => {
    vi.useFakeTimers();
    try {
      const { loader, hook } = setup(() => Promise.reject(new Error('503')));
      await act(async () => hook.result.current.navigate('query=ski'));
      expect(hook.result.current.isFetching).toBe(true);
      await act(async () => vi.advanceTimersByTimeAsync(1000));
      expect(loader).toHaveBeenCalledTimes(2);
      expect(hook.result.current).toMatchObject({ isFetching: false, data: 'trek results' });
      expect(hook.result.current.error).toBeInstanceOf(Error);
    } finally {
      vi.useRealTimers();
    }
  });
});
