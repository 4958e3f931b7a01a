import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OverloadedFallback } from '@/components/layout/overloaded-fallback';
import { SiteFooter } from '@/components/layout/site-footer';
import styles from '@/components/layout/status-page.module.css';
import { routing } from '@/i18n/routing';
import { localizedPath, type Locale } from '@/lib/locales';
import { linkSettings } from '@/lib/site-config';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: PageProps<'/[locale]/503'>): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Error' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * spec §8 overloaded message while the database is unreachable, served by proxy.ts with HTTP 503
 * and Retry-After (a rewrite, so the URL stays and a reload retries). It reads no database: the
 * shell is the fatal-error fallback's (no currency picker, empty countries and activities).
 */
export default async function UnavailablePage({ params }: PageProps<'/[locale]/503'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Error' });
  const home = localizedPath(locale, '/');
  return (
    <>
      <OverloadedFallback
        home={home}
        title={t('title')}
        backHome={t('backHome')}
        testId="service-unavailable"
        retry={
          // A plain link to the same URL: reloading is the retry, and it needs no JavaScript.
          <a className={styles.primary} href="">
            {t('retry')}
          </a>
        }
      />
      <SiteFooter settings={linkSettings()} />
    </>
  );
}
