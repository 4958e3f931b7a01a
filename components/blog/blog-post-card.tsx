import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { BlogPostCard as BlogPostCardRow } from '@/lib/db/queries/blog';
import type { Locale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import { siteImages } from '@/lib/site-config';
import styles from './blog.module.css';

/** A post in a list (blog index, other posts): illustration, date, title, excerpt and author. */
export function BlogPostCard({ post, headingLevel = 2 }: { post: BlogPostCardRow; headingLevel?: 2 | 3 }) {
  const t = useTranslations('Blog');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const images = siteImages();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card} data-testid="blog-post-card">
      {/* eslint-disable-next-line @next/next/no-img-element -- SVG scene from the assets host */}
      <img className={styles.cardCover} src={images.tripCover(post.coverTripKey)} alt="" width={480} height={270} loading="lazy" />
      <div className={styles.cardBody}>
        <p className={styles.cardMeta}>
          <time dateTime={post.publishedAt.toISOString()}>{format.dateTime(post.publishedAt, { day: 'numeric', month: 'long', year: 'numeric' })}</time>
        </p>
        <Heading className={styles.cardTitle}>
          <a href={paths.blogPost(locale, post.slug)}>{post.title}</a>
        </Heading>
        <p className={styles.excerpt}>{post.excerpt}</p>
        <p className={styles.cardAuthor}>
          {/* eslint-disable-next-line @next/next/no-img-element -- small SVG avatar from the assets host */}
          <img className={styles.authorAvatar} src={images.authorAvatar(post.author.key)} alt="" width={32} height={32} loading="lazy" />
          <span>{t('byline', { author: post.author.name })}</span>
        </p>
      </div>
    </article>
  );
}
