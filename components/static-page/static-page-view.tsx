import { useLocale, useTranslations } from 'next-intl';
import { staticPageKeys, staticPagePath, type StaticPageKey } from '@/lib/routing/static-pages';
import styles from './static-page.module.css';

/**
 * A static page's header and lead. The body comes from the database with the data-layer issue;
 * the sitemap page lists every static page from the slug registry.
 */
export function StaticPageView({ pageKey }: { pageKey: StaticPageKey }) {
  const t = useTranslations('StaticPage');
  const locale = useLocale();
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        <h1>{t(`${pageKey}.title`)}</h1>
        <p className={styles.lead}>{t(`${pageKey}.description`)}</p>
      </header>
      {pageKey === 'sitemap' ? (
        <ul className={styles.sitemap}>
          {staticPageKeys
            .filter((key) => key !== 'sitemap')
            .map((key) => (
              <li key={key}>
                <a href={staticPagePath(key, locale)}>{t(`${key}.title`)}</a>
                <span>{t(`${key}.description`)}</span>
              </li>
            ))}
        </ul>
      ) : null}
    </article>
  );
}
