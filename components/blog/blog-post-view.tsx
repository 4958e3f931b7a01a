import { preload } from 'react-dom';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { TripCard } from '@/components/trip-card/trip-card';
import { RichText } from '@/components/ui/rich-text';
import type { BlogPostPageData } from '@/lib/db/queries/blog';
import type { TripCardRow } from '@/lib/db/queries/trip-cards';
import type { Locale } from '@/lib/locales';
import type { ConversionSettings } from '@/lib/money/pricing';
import { paths } from '@/lib/routing/paths';
import { siteImages } from '@/lib/site-config';
import { DEFAULT_TRAVELLERS } from '@/lib/storage';
import { BlogPostCard } from './blog-post-card';
import styles from './blog.module.css';

type Props = {
  data: BlogPostPageData;
  trips: TripCardRow[];
  conversion: ConversionSettings;
  /** Where to look for trips when none matches the post. */
  searchHref: string;
};

/** A blog post: title, date, author with avatar and bio, body, related trips, other posts. */
export function BlogPostView({ data, trips, conversion, searchHref }: Props) {
  const t = useTranslations('Blog');
  const catalogue = useTranslations('Catalogue');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const images = siteImages();
  const { post, translation, author } = data;
  const date = format.dateTime(post.publishedAt, { day: 'numeric', month: 'long', year: 'numeric' });
  // The largest picture of the page: fetched from the document's head, before the body is parsed.
  preload(images.tripCover(data.coverTripKey), { as: 'image', fetchPriority: 'high' });
  return (
    <div className={styles.postPage}>
      <article className={styles.post} data-post={post.key}>
        <header className={styles.postHeader}>
          {post.activities.length > 0 ? <p className={styles.kicker}>{post.activities.map((activity) => catalogue(`activity.${activity}`)).join(' · ')}</p> : null}
          <h1>{translation.title}</h1>
          <p className={styles.lead}>{translation.excerpt}</p>
          <div className={styles.byline} data-testid="post-byline">
            {/* eslint-disable-next-line @next/next/no-img-element -- small SVG avatar from the assets host */}
            <img className={styles.authorAvatar} src={images.authorAvatar(author.key)} alt="" width={48} height={48} />
            <div>
              <p className={styles.strong}>
                <a href="#author">{t('byline', { author: author.name })}</a>
              </p>
              <p className={styles.muted}>
                <time dateTime={post.publishedAt.toISOString()}>{t('post.publishedOn', { date })}</time>
              </p>
            </div>
          </div>
        </header>
        {/* eslint-disable-next-line @next/next/no-img-element -- SVG scene from the assets host */}
        <img className={styles.postCover} src={images.tripCover(data.coverTripKey)} alt="" width={1200} height={500} fetchPriority="high" />
        <div className={styles.postBody} data-testid="post-body">
          <RichText text={translation.body} />
        </div>
        <section id="author" className={styles.authorBox} aria-labelledby="author-title" data-testid="post-author">
          {/* eslint-disable-next-line @next/next/no-img-element -- SVG avatar from the assets host */}
          <img className={styles.authorAvatar} src={images.authorAvatar(author.key)} alt="" width={80} height={80} loading="lazy" />
          <div>
            <h2 id="author-title" className={styles.authorTitle}>
              {t('post.authorTitle')}
            </h2>
            <p className={styles.strong}>{author.name}</p>
            {author.bio ? <p>{author.bio}</p> : null}
          </div>
        </section>
      </article>

      <section className={styles.related} aria-labelledby="related-title" data-testid="related-trips">
        <h2 id="related-title">{t('post.relatedTitle')}</h2>
        {trips.length > 0 ? (
          <>
            <p className={styles.muted}>{t('post.relatedIntro')}</p>
            <div className={styles.tripGrid}>
              {trips.map((trip) => (
                <TripCard key={trip.id} trip={trip} travellers={DEFAULT_TRAVELLERS} conversion={conversion} />
              ))}
            </div>
          </>
        ) : (
          <p>
            {t('post.noRelated')} <a href={searchHref}>{t('post.searchTrips')}</a>
          </p>
        )}
      </section>

      {data.otherPosts.length > 0 ? (
        <section className={styles.related} aria-labelledby="other-posts-title" data-testid="other-posts">
          <h2 id="other-posts-title">{t('post.otherPostsTitle')}</h2>
          <ul className={styles.grid}>
            {data.otherPosts.map((other) => (
              <li key={other.id}>
                <BlogPostCard post={other} headingLevel={3} />
              </li>
            ))}
          </ul>
          <p className={styles.allPosts}>
            <a href={paths.blog(locale)}>{t('post.allPosts')}</a>
          </p>
        </section>
      ) : null}
    </div>
  );
}
