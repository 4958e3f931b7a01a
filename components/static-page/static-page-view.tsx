import { useLocale, useTranslations } from 'next-intl';
import Image from 'next/image';
import type { ReactNode } from 'react';
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
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        <Image className={styles.headerImage} src={headerImage} alt="" width={1600} height={900} priority unoptimized />
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
