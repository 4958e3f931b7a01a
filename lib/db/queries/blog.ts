import 'server-only';
import { and, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Activity } from '../../catalogue/vocabulary';
import type { Locale } from '../../locales';
import { getDb } from '../client';
import type { Database } from '../database';
import { authors, blogPosts, blogPostTranslations } from '../schema';
import { listTripCardsBy } from './trip-cards';

/** Posts per page of the blog index (pagination per locale). */
export const BLOG_PAGE_SIZE = 6;

/**
 * The trip whose cover illustrates a post: blog posts have no picture of their own, so a published
 * trip with a cover that shares the post's activities stands in, one of its countries first, then
 * one whose main activity is the post's, then a stable pick per post (so posts differ).
 */
const coverTripKey = sql<string | null>`(
  SELECT tr.key FROM trips tr
  WHERE tr.published AND tr.has_cover AND tr.activities && ${blogPosts.activities}
  ORDER BY (tr.country_code = ANY(${blogPosts.countryCodes})) DESC,
    (tr.activities[1] = ${blogPosts.activities}[1]) DESC,
    md5(${blogPosts.key} || '/' || tr.key)
  LIMIT 1)`;

/** What a post shows in a list: the blog index and the post page's other posts. */
function postCardColumns() {
  return {
    id: blogPosts.id,
    key: blogPosts.key,
    slug: blogPostTranslations.slug,
    title: blogPostTranslations.title,
    excerpt: blogPostTranslations.excerpt,
    publishedAt: blogPosts.publishedAt,
    activities: blogPosts.activities,
    author: { key: authors.key, name: authors.name },
    coverTripKey,
  };
}

function postsIn(locale: Locale) {
  return { translation: and(eq(blogPostTranslations.postId, blogPosts.id), eq(blogPostTranslations.locale, locale))!, author: eq(authors.id, blogPosts.authorId) };
}

/**
 * One page of the blog index in a locale: published posts (published_at ≤ now) with a text in that
 * locale, newest first, `pageSize` a page, with the total and the number of pages. A page past the
 * last one has no posts (the page says so); `page` must be a whole number ≥ 1.
 */
export async function listBlogPosts(locale: Locale, page: number, db: Database = getDb(), now: Date = new Date(), pageSize: number = BLOG_PAGE_SIZE) {
  if (!Number.isSafeInteger(page) || page < 1) throw new RangeError(`blog page ${page}: expected a whole number from 1`);
  const join = postsIn(locale);
  const published = lte(blogPosts.publishedAt, now);
  const [counted, posts] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(blogPosts).innerJoin(blogPostTranslations, join.translation).where(published),
    db
      .select(postCardColumns())
      .from(blogPosts)
      .innerJoin(blogPostTranslations, join.translation)
      .innerJoin(authors, join.author)
      .where(published)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = counted[0]?.total ?? 0;
  return { posts, page, total, pageCount: Math.ceil(total / pageSize) };
}

export type BlogPostCard = Awaited<ReturnType<typeof listBlogPosts>>['posts'][number];

/**
 * Everything a post page shows, for a slug in a locale: the post with its text, its slugs in every
 * locale (language alternates), its author with the bio in the page's language, the trip whose
 * cover illustrates it, and up to `otherCount` other published posts (sharing an activity first,
 * then newest). Three queries, the last two at once. Null when no published post has that slug in that locale.
 */
export async function getBlogPostPageData(locale: Locale, slug: string, db: Database = getDb(), now: Date = new Date(), otherCount = 3) {
  const found = await db.query.blogPostTranslations.findFirst({
    where: and(eq(blogPostTranslations.locale, locale), eq(blogPostTranslations.slug, slug)),
    columns: { postId: true },
    with: { post: { with: { author: true, translations: true } } },
  });
  if (!found || found.post.publishedAt > now) return null;
  const { post } = found;
  const join = postsIn(locale);
  const activities = sql`ARRAY[${sql.join(
    post.activities.map((activity) => sql`${activity}`),
    sql`, `,
  )}]::text[]`;
  const [others, cover] = await Promise.all([
    db
      .select(postCardColumns())
      .from(blogPosts)
      .innerJoin(blogPostTranslations, join.translation)
      .innerJoin(authors, join.author)
      .where(and(lte(blogPosts.publishedAt, now), ne(blogPosts.id, post.id)))
      .orderBy(desc(sql`${blogPosts.activities} && ${activities}`), desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(otherCount),
    db.select({ key: coverTripKey }).from(blogPosts).where(eq(blogPosts.id, post.id)),
  ]);

  const translation = post.translations.find((entry) => entry.locale === locale)!;
  return {
    post: { id: post.id, key: post.key, publishedAt: post.publishedAt, updatedAt: post.updatedAt, activities: post.activities, countryCodes: post.countryCodes },
    translation: { slug: translation.slug, title: translation.title, excerpt: translation.excerpt, body: translation.body },
    slugs: Object.fromEntries(post.translations.map((entry) => [entry.locale, entry.slug])) as Partial<Record<Locale, string>>,
    author: { key: post.author.key, name: post.author.name, bio: post.author.bio[locale] ?? post.author.bio.en ?? '' },
    coverTripKey: cover[0]?.key ?? null,
    otherPosts: others,
  };
}

export type BlogPostPageData = NonNullable<Awaited<ReturnType<typeof getBlogPostPageData>>>;

/**
 * The trips a post recommends: published trips of the post's activities in its countries, best
 * rated first; when none is in those countries (or the post names none), the activities alone.
 */
export async function listBlogPostTrips(
  post: { activities: readonly Activity[]; countryCodes: readonly string[] },
  locale: Locale,
  limit = 4,
  db: Database = getDb(),
) {
  if (post.countryCodes.length > 0) {
    const local = await listTripCardsBy({ activities: post.activities, countryCodes: post.countryCodes }, locale, limit, db);
    if (local.length > 0) return local;
  }
  return listTripCardsBy({ activities: post.activities }, locale, limit, db);
}
