import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { RichText } from '@/components/ui/rich-text';
import type { StaticPageContent } from '@/lib/db/queries/static-pages';
import { staticPageKeys, staticPagePath, type StaticPageKey } from '@/lib/routing/static-pages';
import styles from './static-page.module.css';

/**
 * A static page: title, lead and body; the sitemap page also lists every static page from the slug
 * registry. `children` come after the text (the need-help page's contact form).
 */
export function StaticPageView({ pageKey, content, headerImage, children }: { pageKey: StaticPageKey; content: StaticPageContent; headerImage: string; children?: ReactNode }) {
  const t = useTranslations('StaticPage');
  const locale = useLocale();
  // The page's largest picture, fetched early like the trip and landing covers. A plain <img>: the
  // SVG scenes need no optimiser, and next/image would add its client code to every static page.
  preload(headerImage, { as: 'image', fetchPriority: 'high' });
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        {/* eslint-disable-next-line @next/next/no-img-element -- SVG scene from the assets host */}
        <img className={styles.headerImage} src={headerImage} alt="" width={1600} height={900} fetchPriority="high" />
        <h1>{content.title}</h1>
        <p className={styles.lead}>{content.description}</p>
      </header>
      {content.body ? <RichText text={content.body} /> : null}
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
      {children}
    </article>
  );
}
