'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { closeBanner, isBannerClosed } from '@/lib/storage';
import { isDepositBannerVariant, type MeasurementConfig } from '@/lib/tracking/measurement-config';
import { useConsent } from './consent-store';
import styles from './measurement.module.css';

const noSubscription = () => () => undefined;

/**
 * spec §1 deposit banner: green, 'Reserve with 30 % now, pay 70 % later', shown when the Experiment
 * flag's variant is on (or a variant is forced for QA), never on trip pages (the server leaves it
 * out there), closable and remembered (spec §3 banner-closed flag). An overlay: no layout shift.
 */
export function DepositBanner({ text, closeLabel, config }: { text: string; closeLabel: string; config: MeasurementConfig }) {
  const consent = useConsent();
  const storedClosed = useSyncExternalStore(noSubscription, () => isBannerClosed(), () => true);
  const [closedNow, setClosedNow] = useState(false);
  const [assigned, setAssigned] = useState<string | null>(null);
  const { flagKey, forcedVariant } = config.depositBanner;
  const closed = storedClosed || closedNow;

  useEffect(() => {
    // Assignment needs consent; a forced variant needs no assignment (and tracks no exposure).
    if (forcedVariant !== null || consent !== 'accepted' || closed) return;
    let live = true;
    void import('./measurement-runtime')
      .then((runtime) => runtime.measurementFor(config).variant(flagKey))
      .then((value) => live && setAssigned(value))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [config, consent, closed, flagKey, forcedVariant]);

  if (closed || !isDepositBannerVariant(forcedVariant ?? assigned)) return null;

  const close = () => {
    closeBanner();
    setClosedNow(true);
    void import('./measurement-runtime').then((runtime) => runtime.measurementFor(config).track('deposit_banner_closed', { flag: flagKey }));
  };

  return (
    <aside className={styles.deposit} aria-label={text} data-testid="deposit-banner">
      <p>{text}</p>
      <button type="button" className={styles.close} onClick={close} aria-label={closeLabel}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
