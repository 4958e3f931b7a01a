import { useTranslations } from 'next-intl';
import { pageHref, paginationItems } from '@/lib/routing/pagination';
import styles from './blog.module.css';

/** Numbered page links with previous and next, as plain links (page 1 has no `?page`). */
export function BlogPagination({ current, pageCount, path }: { current: number; pageCount: number; path: string }) {
  const t = useTranslations('Blog.pagination');
  return (
    <nav className={styles.pagination} aria-label={t('label')} data-testid="blog-pagination">
      <ul>
        <li>
          {current > 1 ? (
            <a href={pageHref(path, current - 1)} rel="prev" className={styles.step}>
              <span aria-hidden="true">‹</span> {t('previous')}
            </a>
          ) : (
            <span className={styles.step} aria-disabled="true">
              <span aria-hidden="true">‹</span> {t('previous')}
            </span>
          )}
        </li>
        {paginationItems(current, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <a href={pageHref(path, item)} className={styles.pageLink} aria-label={t('page', { page: item })} aria-current={item === current ? 'page' : undefined}>
                {item}
              </a>
            </li>
          ),
        )}
        <li>
          {current < pageCount ? (
            <a href={pageHref(path, current + 1)} rel="next" className={styles.step}>
              {t('next')} <span aria-hidden="true">›</span>
            </a>
          ) : (
            <span className={styles.step} aria-disabled="true">
              {t('next')} <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
