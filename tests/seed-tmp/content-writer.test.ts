import { describe, expect, it } from 'vitest';
import { seedAuthor, seedBlogPost, seedStaticPage } from '../../lib/db/seed/catalogue-schema';
import { staticPageKeys } from '../../lib/routing/static-pages';
import authors from '../../lib/db/seed/data/authors.json';
import posts from '../../lib/db/seed/data/blog-posts.json';
import pages from '../../lib/db/seed/data/static-pages.json';

const locales = ['en', 'fr', 'es'] as const;
const blocks = (body: string) => body.split('\n\n');

describe('content files', () => {
  it('authors', () => {
    expect(authors).toHaveLength(3);
    const a = authors.map((x) => seedAuthor.parse(x));
    expect(new Set(a.map((x) => x.key)).size).toBe(3);
  });
  it('blog posts', () => {
    expect(posts).toHaveLength(8);
    const p = posts.map((x) => seedBlogPost.parse(x));
    const authorKeys = new Set(authors.map((a) => a.key));
    expect(new Set(p.map((x) => x.key)).size).toBe(8);
    for (const post of p) {
      expect(authorKeys.has(post.authorKey)).toBe(true);
      expect(post.publishedDaysAgo).toBeGreaterThanOrEqual(5);
      expect(post.publishedDaysAgo).toBeLessThanOrEqual(400);
      for (const l of locales) {
        const b = blocks(post.body[l]);
        const headings = b.filter((x) => x.startsWith('## ')).length;
        const paras = b.length - headings;
        expect(headings, `${post.key} ${l} headings`).toBeGreaterThanOrEqual(2);
        expect(headings, `${post.key} ${l} headings`).toBeLessThanOrEqual(3);
        expect(paras, `${post.key} ${l} paras`).toBeGreaterThanOrEqual(5);
        expect(paras, `${post.key} ${l} paras`).toBeLessThanOrEqual(8);
        expect(post.body[l]).not.toMatch(/\n\n\n|^\s|\s$/);
      }
    }
    for (const l of locales) expect(new Set(p.map((x) => x.slugs[l])).size).toBe(8);
    for (const a of authorKeys) expect(p.some((x) => x.authorKey === a)).toBe(true);
  });
  it('static pages', () => {
    const s = pages.map((x) => seedStaticPage.parse(x));
    expect(s.map((x) => x.key).sort()).toEqual([...staticPageKeys].sort());
    for (const page of s) {
      for (const l of locales) {
        expect(page.description[l].length, `${page.key} ${l}`).toBeLessThanOrEqual(160);
        const b = blocks(page.body[l]);
        const paras = b.filter((x) => !x.startsWith('## ')).length;
        const max = ['terms-fwt-waiver', 'privacy-policy', 'faq'].includes(page.key) ? 12 : 6;
        const min = page.key === 'sitemap' ? 1 : 3;
        expect(paras, `${page.key} ${l} paras`).toBeGreaterThanOrEqual(min);
        expect(paras, `${page.key} ${l} paras`).toBeLessThanOrEqual(max);
      }
      const n = locales.map((l) => blocks(page.body[l]).length);
      expect(new Set(n).size, `${page.key} block counts`).toBe(1);
    }
    const faq = s.find((x) => x.key === 'faq')!;
    for (const l of locales) {
      const q = blocks(faq.body[l]).filter((x) => x.startsWith('## ')).length;
      expect(q).toBeGreaterThanOrEqual(8);
      expect(q).toBeLessThanOrEqual(10);
    }
  });
});
