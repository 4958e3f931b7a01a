import { useTranslations } from 'next-intl';
import type { BlogPostCard as BlogPostCardRow } from '@/lib/db/queries/blog';
import { BlogPagination } from './blog-pagination';
import { BlogPostCard } from './blog-post-card';
import styles from './blog.module.css';

type Props = {
  /** The blog index's path in this locale (page 1). */
  path: string;
  /** The page asked for, or null when `?page` is not a page number. */
  page: number | null;
  posts: BlogPostCardRow[];
  pageCount: number;
};

/**
 * The blog index: one page of posts, newest first, with numbered pages. A page that
 * does not exist (past the last, or not a number) says so and links to the first page.
 */
export function BlogIndexView({ path, page, posts, pageCount }: Props) {
  const t = useTranslations('Blog');
  const missingPage = page === null || (posts.length === 0 && pageCount > 0);
  return (
    <div className={styles.index}>
      <header className={styles.indexHeader}>
        <h1>{t('title')}</h1>
        <p className={styles.lead}>{t('intro')}</p>
        {page !== null && page > 1 && posts.length > 0 ? <p className={styles.muted}>{t('pageOf', { page, count: pageCount })}</p> : null}
      </header>
      {missingPage ? (
        <div className={styles.notice} role="status" data-testid="blog-no-posts">
          <p>{t('noPostsOnPage')}</p>
          <p>
            <a href={path}>{t('firstPage')}</a>
          </p>
        </div>
      ) : posts.length === 0 ? (
        <p className={styles.notice} data-testid="blog-empty">
          {t('empty')}
        </p>
      ) : (
        <>
          <ul className={styles.grid} data-testid="blog-posts">
            {posts.map((post) => (
              <li key={post.id}>
                <BlogPostCard post={post} />
              </li>
            ))}
          </ul>
          {pageCount > 1 ? <BlogPagination current={page ?? 1} pageCount={pageCount} path={path} /> : null}
        </>
      )}
    </div>
  );
}
