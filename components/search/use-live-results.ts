'use client';

import { useEffect, useRef, useState } from 'react';

/** How long a search's results are shown again without asking the server (React Query's staleTime before). */
const FRESH_MS = 60_000;
/** The wait before the one retry of a failed search. */
const RETRY_DELAY_MS = 1000;

type Entry<T> = { data: T; at: number };
type State<T> = { search: string; shown: string; cache: Map<string, Entry<T>>; fetching: boolean; error: unknown };

export type LiveResults<T> = {
  /** The results on screen: the current search's, or the last ones while the next load. */
  data: T;
  isFetching: boolean;
  /** The results shown are an earlier search's (the current one is loading). */
  isPlaceholderData: boolean;
  error: unknown;
  /** Shows `search`'s results: at once when fetched in the last minute, else once loaded. */
  navigate: (search: string) => void;
};

/**
 * A search's results as data, started by the visitor's change (not by an effect): the earlier
 * results stay until the next arrive, a superseded load is aborted, a failure is tried again once
 * when `retry` says so. A few lines instead of a query library on the search's first load.
 */
export function useLiveResults<T>(initialSearch: string, initial: T, load: (search: string, signal: AbortSignal) => Promise<T>, retry: (error: unknown) => boolean): LiveResults<T> {
  const [state, setState] = useState<State<T>>(() => ({ search: initialSearch, shown: initialSearch, cache: new Map([[initialSearch, { data: initial, at: 0 }]]), fetching: false, error: null }));
  const loading = useRef<AbortController | null>(null);
  const firstChange = useRef<number | null>(null);
  useEffect(() => () => loading.current?.abort(), []);

  const navigate = (search: string) => {
    loading.current?.abort();
    const now = Date.now();
    // The page's own results (at 0) count as fetched when the visitor first changes the search.
    firstChange.current ??= now;
    const cached = state.cache.get(search);
    if (cached && now - (cached.at || firstChange.current) < FRESH_MS) {
      setState((previous) => ({ ...previous, search, shown: search, fetching: false, error: null }));
      return;
    }
    const controller = new AbortController();
    loading.current = controller;
    setState((previous) => ({ ...previous, search, shown: cached ? search : previous.shown, fetching: true, error: null }));
    void (async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const data = await load(search, controller.signal);
          if (controller.signal.aborted) return;
          setState((previous) => ({ ...previous, shown: search, cache: new Map(previous.cache).set(search, { data, at: Date.now() }), fetching: false }));
          return;
        } catch (error) {
          if (controller.signal.aborted) return;
          if (attempt === 0 && retry(error)) {
            await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
            if (controller.signal.aborted) return;
            continue;
          }
          setState((previous) => ({ ...previous, fetching: false, error }));
          return;
        }
      }
    })();
  };

  return { data: state.cache.get(state.shown)!.data, isFetching: state.fetching, isPlaceholderData: state.shown !== state.search, error: state.error, navigate };
}
