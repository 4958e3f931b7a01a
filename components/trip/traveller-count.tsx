'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useId, useTransition } from 'react';
import { getTravellers, setTravellers } from '@/lib/storage';
import styles from './trip-page.module.css';

type Labels = { label: string; decrease: string; increase: string; value: string };

/**
 * spec §9 traveller count (default 2, remembered in local storage): − and + buttons that put the
 * count in the URL (`?travellers=N`), so the server re-renders the prices for it.
 */
export function TravellerCount({ value, max, labels }: { value: number; max: number; labels: Labels }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const id = useId();

  const go = (count: number, remember: boolean) => {
    if (remember) setTravellers(count);
    // Read from the address bar when used: the page is cached whole and renders without a query.
    const params = new URLSearchParams(window.location.search);
    params.set('travellers', String(count));
    startTransition(() => router.replace(`${pathname}?${params.toString()}`, { scroll: false }));
  };

  // A count remembered from an earlier visit applies when the URL does not say otherwise.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has('travellers')) {
      setTravellers(value);
      return;
    }
    const stored = getTravellers();
    if (stored !== value && stored >= 1 && stored <= max) go(stored, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  return (
    <div className={styles.travellers} role="group" aria-labelledby={id} aria-busy={pending || undefined}>
      <span id={id} className={styles.travellersLabel}>
        {labels.label}
      </span>
      <button type="button" aria-label={labels.decrease} disabled={value <= 1 || pending} onClick={() => go(value - 1, true)}>
        −
      </button>
      <output aria-live="polite" data-testid="traveller-count">
        {labels.value}
      </output>
      <button type="button" aria-label={labels.increase} disabled={value >= max || pending} onClick={() => go(value + 1, true)}>
        +
      </button>
    </div>
  );
}
