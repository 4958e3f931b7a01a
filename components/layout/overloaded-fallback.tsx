import type { ReactNode } from 'react';
import { Logo } from './logo';
import styles from './status-page.module.css';

type Props = {
  /** This locale's home page. */
  home: string;
  /** spec §8 overloaded message, translated. */
  title: string;
  backHome: string;
  /** The retry control: a button (fatal-error fallback) or a link to the same URL (503 page). */
  retry: ReactNode;
  testId: string;
};

/**
 * spec §8 overloaded message on a frame that reads no database (logo, message, retry and home):
 * shared by the fatal-error fallback (app/[locale]/error.tsx) and the 503 page of a database outage.
 */
export function OverloadedFallback({ home, title, backHome, retry, testId }: Props) {
  return (
    <>
      <header className={styles.fallbackHeader}>
        <a href={home} aria-label="Cordée">
          <Logo />
        </a>
      </header>
      <main id="main">
        <section className={styles.status} data-testid={testId} role="alert">
          <h1>{title}</h1>
          <div className={styles.actions}>
            {retry}
            <a className={styles.secondary} href={home}>
              {backHome}
            </a>
          </div>
        </section>
      </main>
    </>
  );
}
