import { useLocale, useTranslations } from 'next-intl';
import { localizedPath, type Locale } from '@/lib/locales';
import { searchSuggestAttributes, suggestListId } from '@/components/layout/search-suggest-attributes';
import styles from './home.module.css';
import { visuallyHiddenClassName } from '@/components/ui/visually-hidden';

const activities = [
  { key: 'trekking', slug: 'trekking' },
  { key: 'climbing', slug: 'rock-climbing' },
  { key: 'skiTouring', slug: 'ski-touring' },
  { key: 'mountaineering', slug: 'mountaineering' },
] as const;

/** The home page's first screen: promise, search entry and the four main activities (spec §1). */
export function HomeHero() {
  const t = useTranslations('Home');
  const header = useTranslations('Header');
  const locale = useLocale();
  const search = localizedPath(locale, '/search');
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.heroArt} aria-hidden="true">
        <svg viewBox="0 0 1200 420" preserveAspectRatio="xMidYMax slice" focusable="false">
          <defs>
            <linearGradient id="sky" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0" stopColor="#17372b" />
              <stop offset="1" stopColor="#2f6b53" />
            </linearGradient>
          </defs>
          <rect width="1200" height="420" fill="url(#sky)" />
          <path d="M0 420 L180 190 L260 280 L420 90 L560 300 L650 210 L820 40 L1000 300 L1080 230 L1200 330 L1200 420 Z" fill="#0f241c" opacity="0.85" />
          <path d="M420 90 L470 160 L440 150 L405 180 L380 150 Z M820 40 L880 130 L845 118 L812 150 L790 110 Z" fill="#e9efe9" opacity="0.9" />
          <path d="M0 420 L140 320 L300 370 L520 280 L700 360 L900 300 L1200 380 L1200 420 Z" fill="#0a1913" />
        </svg>
      </div>
      <div className={styles.heroContent}>
        <h1 id="home-title" className={styles.heroTitle}>
          {t('heroTitle')}
        </h1>
        <p className={styles.heroText}>{t('heroText')}</p>
        <form role="search" action={search} method="get" className={styles.heroSearch}>
          <label htmlFor="home-search" id="home-search-label" className={visuallyHiddenClassName}>
            {header('searchLabel')}
          </label>
          <input id="home-search" name="query" type="text" placeholder={header('searchPlaceholder')} autoComplete="off" enterKeyHint="search" {...searchSuggestAttributes(header, locale as Locale, 'home-search')} />
          <ul id={suggestListId('home-search')} role="listbox" aria-labelledby="home-search-label" hidden />
          <button type="submit">{header('searchButton')}</button>
        </form>
      </div>
      <nav aria-labelledby="home-activities" className={styles.activities}>
        <h2 id="home-activities" className={styles.activitiesHeading}>
          {t('activitiesHeading')}
        </h2>
        <ul>
          {activities.map((activity) => (
            <li key={activity.key}>
              <a href={`${search}?activity=${activity.slug}`}>{t(`activities.${activity.key}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
