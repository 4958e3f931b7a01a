'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { closeBanner, isBannerClosed } from '@/lib/storage';
import { isDepositBannerVariant, previewVariant, type MeasurementConfig } from '@/lib/tracking/measurement-config';
import { useConsent } from './consent-store';
import styles from './measurement.module.css';

const noSubscription = () => () => undefined;

/**
 * spec §1 deposit banner: green, the payment story's short line (Payment.short), shown when the Experiment
 * flag's variant is on (or a variant is forced for QA), never on trip pages (the server leaves it
 * out there), closable and remembered (spec §3 banner-closed flag). An overlay: no layout shift.
 */
export function DepositBanner({ text, closeLabel, config }: { text: string; closeLabel: string; config: MeasurementConfig }) {
  const consent = useConsent();
  const storedClosed = useSyncExternalStore(noSubscription, () => isBannerClosed(), () => true);
  const [closedNow, setClosedNow] = useState(false);
  const [assigned, setAssigned] = useState<string | null>(null);
  // A marketer's preview (?preview-variant=on): read in the browser only, so no cached page holds it.
  const preview = useSyncExternalStore(noSubscription, () => previewVariant(window.location.search), () => null);
  const { flagKey } = config.depositBanner;
  const forcedVariant = preview ?? config.depositBanner.forcedVariant;
  // A preview shows the banner even if this browser closed it before, and remembers no closing.
  const closed = preview === null && (storedClosed || closedNow);

  useEffect(() => {
    // Assignment needs consent; a forced or previewed variant needs no assignment (and tracks no exposure).
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

  if (closed || closedNow || !isDepositBannerVariant(forcedVariant ?? assigned)) return null;

  const close = () => {
    setClosedNow(true);
    if (preview !== null) return;
    closeBanner();
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
