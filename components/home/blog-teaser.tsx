import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { BlogTeaserPost } from '@/lib/db/queries/home';
import type { Locale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import { HomeSection } from './home-section';
import styles from './home-sections.module.css';

/** The three latest blog posts in the page's language. */
export function BlogTeaser({ posts }: { posts: BlogTeaserPost[] }) {
  const t = useTranslations('HomeSections.blog');
  const locale = useLocale() as Locale;
  const format = useFormatter();
  if (posts.length === 0) return null;
  return (
    <HomeSection id="blog" title={t('heading')} intro={t('intro')} more={{ href: paths.blog(locale), label: t('seeAll') }}>
      <ul className={styles.posts}>
        {posts.map((post) => (
          <li key={post.id}>
            <article className={styles.post}>
              <h3 className={styles.cardTitle}>
                <a href={paths.blogPost(locale, post.slug)}>{post.title}</a>
              </h3>
              <p className={styles.muted}>
                <time dateTime={post.publishedAt.toISOString()}>{format.dateTime(post.publishedAt, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}</time>
                {' · '}
                {t('byAuthor', { author: post.authorName })}
              </p>
              <p className={styles.postExcerpt}>{post.excerpt}</p>
            </article>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
