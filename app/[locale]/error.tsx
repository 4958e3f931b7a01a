'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useLinkSettings } from '@/components/layout/link-settings-provider';
import { OverloadedFallback } from '@/components/layout/overloaded-fallback';
import styles from '@/components/layout/status-page.module.css';
import { localizedPath } from '@/lib/locales';
import { clearAllStorage } from '@/lib/storage';
import { SiteFooterOnDemand } from '@/components/layout/site-footer-on-demand';

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
      <OverloadedFallback
        home={localizedPath(locale, '/')}
        title={t('title')}
        backHome={t('backHome')}
        testId="fatal-error"
        retry={
          <button type="button" className={styles.primary} onClick={() => retry()}>
            {t('retry')}
          </button>
        }
      />
      {settings ? <SiteFooterOnDemand settings={settings} countries={[]} activities={[]} /> : null}
    </>
  );
}
