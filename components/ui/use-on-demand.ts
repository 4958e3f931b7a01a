'use client';

import { useRef, useState } from 'react';

/**
 * A module imported on demand (a dialog's form when it first opens), so its code is not part of
 * the page's first load. `load` starts the download (again after a failure) and resolves with the
 * module; `loaded` is the module once it arrived, for rendering.
 */
export function useOnDemand<T>(importModule: () => Promise<T>): { loaded: T | null; load: () => Promise<T> } {
  const [loaded, setLoaded] = useState<T | null>(null);
  const pending = useRef<Promise<T> | null>(null);
  const load = () => {
    pending.current ??= importModule().then(
      (module) => {
        setLoaded(() => module);
        return module;
      },
      (error: unknown) => {
        pending.current = null;
        throw error;
      },
    );
    return pending.current;
  };
  return { loaded, load };
}
