import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Logo } from '@/components/layout/logo';
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
      <header className={styles.fallbackHeader}>
        <a href={home} aria-label="Cordée">
          <Logo />
        </a>
      </header>
      <main id="main">
        <section className={styles.status} data-testid="service-unavailable" role="alert">
          <h1>{t('title')}</h1>
          <div className={styles.actions}>
            {/* A plain link to the same URL: reloading is the retry, and it needs no JavaScript. */}
            <a className={styles.primary} href="">
              {t('retry')}
            </a>
            <a className={styles.secondary} href={home}>
              {t('backHome')}
            </a>
          </div>
        </section>
      </main>
      <SiteFooter settings={linkSettings()} />
    </>
  );
}
