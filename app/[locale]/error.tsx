'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useLinkSettings } from '@/components/layout/link-settings-provider';
import { Logo } from '@/components/layout/logo';
import { SiteFooter } from '@/components/layout/site-footer';
import styles from '@/components/layout/status-page.module.css';
import { localizedPath } from '@/lib/locales';
import { clearAllStorage } from '@/lib/storage';

/**
 * spec §2 "Fatal-error fallback" and §8: a rendering crash shows the overloaded message on a
 * static page with empty countries and activities, clears local storage (spec §4) and is reported.
 */
export default function FatalError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations('Error');
  const locale = useLocale();
  const settings = useLinkSettings();

  useEffect(() => {
    clearAllStorage();
    // Loaded on demand: the reporting SDK is not part of any page's first load.
    void import('@sentry/nextjs').then((Sentry) => Sentry.captureException(error)).catch(() => undefined);
  }, [error]);

  return (
    <>
      <header className={styles.fallbackHeader}>
        <a href={localizedPath(locale, '/')} aria-label="Cordée">
          <Logo />
        </a>
      </header>
      <main id="main">
        <section className={styles.status} data-testid="fatal-error" role="alert">
          <h1>{t('title')}</h1>
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => retry()}>
              {t('retry')}
            </button>
            <a className={styles.secondary} href={localizedPath(locale, '/')}>
              {t('backHome')}
            </a>
          </div>
        </section>
      </main>
      {settings ? <SiteFooter settings={settings} countries={[]} activities={[]} /> : null}
    </>
  );
}
