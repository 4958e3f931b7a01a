'use client';

import { Button } from '@/components/ui/button';
import { chooseConsent, useConsent } from './consent-store';
import styles from './measurement.module.css';

type Labels = { title: string; text: string; privacy: string; accept: string; refuse: string };

/**
 * The consent banner (spec §3 cookie-consent key): analytics, experiment assignment, advertising
 * identifiers and the chatbot start only after "Accept"; the choice is remembered. An overlay, so
 * it never moves the page.
 */
export function ConsentBanner({ labels, privacyHref }: { labels: Labels; privacyHref: string }) {
  const consent = useConsent();
  if (consent !== null) return null;
  return (
    <aside className={styles.consent} aria-labelledby="consent-title" data-testid="consent-banner">
      <p id="consent-title" className={styles.consentTitle}>
        {labels.title}
      </p>
      <p className={styles.consentText}>
        {labels.text} <a href={privacyHref}>{labels.privacy}</a>
      </p>
      <div className={styles.consentActions}>
        <Button variant="secondary" size="sm" onClick={() => chooseConsent('refused')}>
          {labels.refuse}
        </Button>
        <Button variant="primary" size="sm" onClick={() => chooseConsent('accepted')}>
          {labels.accept}
        </Button>
      </div>
    </aside>
  );
}
