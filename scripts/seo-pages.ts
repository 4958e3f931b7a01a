// What a search engine reads on every sitemap page, from the server's HTML (no browser): 200, the
// page's language, one h1, a title and description unique to the page, the sitemap's URL as
// canonical and og:url, the sitemap's language versions as reciprocal hreflang (and in the language
// switcher), social cards, JSON-LD that parses and matches the visible breadcrumb, each page kind's
// entity; on trip pages, spec §8's tabs pointing at real sections and the note of reviews without
// a comment in every language. scripts/seo-check.ts runs them for scripts/crawl-test.mjs once
// linkinator has rendered every page, so these reads come from the page store.
import { isDeepStrictEqual } from 'node:util';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { hreflangLinks, jsonLdBlocks, metaContent, tags, textOf, typesOf } from './seo-html';

const messages = { en, fr, es } as const;
type Locale = keyof typeof messages;
const tabKeys = Object.keys(en.TripPage.sectionTitles);
const OG_LOCALE: Record<Locale, string> = { en: 'en_GB', fr: 'fr_FR', es: 'es_ES' };

/** What the site-wide checks need of one page. */
export type PageSummary = { title: string; description: string; alternates: Record<string, string>; heading: string; noComment: boolean };

/** The sitemap's pages, each with its language versions (hreflang → URL). */
export function sitemapEntries(sitemap: string): Map<string, Record<string, string>> {
  const listed = new Map<string, Record<string, string>>();
  for (const [, body] of sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]*)<\/loc>/.exec(body!)![1]!.replace(/&amp;/g, '&');
    listed.set(loc, Object.fromEntries([...body!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, '&')])));
  }
  return listed;
}

const show = (value: unknown) => JSON.stringify(value);

/** The problems of one sitemap page's HTML (empty when it reads well), and what the site-wide checks need. */
export function checkPage(url: string, versions: Record<string, string>, answer: { status: number; pageType: string | null }, html: string): { problems: string[]; summary: PageSummary } {
  const problems: string[] = [];
  const expectEqual = (actual: unknown, expected: unknown, what: string) => {
    if (!isDeepStrictEqual(actual, expected)) problems.push(`${what}: ${show(actual)}, expected ${show(expected)}`);
  };
  const expectThat = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  const origin = new URL(url).origin;
  const pathname = new URL(url).pathname;
  // Next.js writes the root URL without its slash: the same URL.
  const absolute = (href: string) => new URL(href, origin).toString();
  const locale: Locale = pathname.startsWith('/fr') ? 'fr' : pathname.startsWith('/es') ? 'es' : 'en';

  expectEqual(answer.status, 200, 'status');
  expectThat(html.includes(`<html lang="${locale}"`), `not <html lang="${locale}">`);
  expectEqual(html.match(/<h1[\s>]/g)?.length ?? 0, 1, 'h1 count');
  const title = textOf(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
  const [description = ''] = metaContent(html, 'description');
  expectThat(title !== '', 'no title');
  expectThat(description !== '', 'no meta description');
  // The canonical URL is the sitemap's; hreflang lists the sitemap's versions, itself and x-default.
  expectEqual(tags(html, 'link').filter((link) => link.rel === 'canonical').map((link) => absolute(link.href!)), [url], 'canonical');
  const alternates = Object.fromEntries(Object.entries(hreflangLinks(html)).map(([lang, href]) => [lang, absolute(href)]));
  expectEqual(alternates, versions, 'hreflang versions against the sitemap');
  expectThat(Object.values(alternates).includes(url), 'hreflang does not list the page itself');
  expectEqual(alternates['x-default'], alternates.en, 'x-default');
  // The language switcher offers the same versions (shown only when there are several).
  const switcher = /<details[^>]*data-testid="locale-switcher"[\s\S]*?<\/details>/.exec(html)?.[0];
  const languages = Object.fromEntries(Object.entries(alternates).filter(([key]) => key !== 'x-default'));
  if (Object.keys(languages).length > 1) {
    expectEqual(Object.fromEntries(tags(switcher ?? '', 'a').map((a) => [a.hreflang, new URL(a.href!, origin).toString()])), languages, 'language switcher');
  }
  // Open Graph and Twitter cards with a picture and a valid og:locale.
  expectEqual(metaContent(html, 'og:locale'), [OG_LOCALE[locale]], 'og:locale');
  expectThat(Boolean(metaContent(html, 'og:title')[0]), 'no og:title');
  expectThat(metaContent(html, 'og:image').length > 0, 'no og:image');
  expectEqual(metaContent(html, 'og:url').map(absolute), [url], 'og:url');
  expectEqual(metaContent(html, 'twitter:card'), ['summary_large_image'], 'twitter:card');
  expectThat(metaContent(html, 'twitter:image').length > 0, 'no twitter:image');
  expectThat(!metaContent(html, 'robots').join().includes('noindex'), 'robots noindex');

  // JSON-LD: every block parses; the breadcrumb's matches the visible one; each page kind has its entity.
  let blocks: Record<string, unknown>[] = [];
  try {
    blocks = jsonLdBlocks(html);
  } catch (error) {
    problems.push(`JSON-LD does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  const visible = /<nav[^>]*data-testid="breadcrumb"[\s\S]*?<\/ol>/.exec(html)?.[0];
  const breadcrumb = blocks.find((block) => typesOf(block).includes('BreadcrumbList'));
  if (visible) {
    const items = (breadcrumb?.itemListElement ?? []) as { name: string; item: string }[];
    const trail = [...visible.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((match) => textOf(match[1]!));
    expectEqual(items.map((item) => item.name), trail, 'JSON-LD breadcrumb against the visible one');
    expectEqual(items.at(-1)?.item, url, 'JSON-LD breadcrumb last item');
  } else {
    expectEqual(breadcrumb, undefined, 'JSON-LD breadcrumb without a visible one');
  }
  const types = blocks.flatMap(typesOf);
  let noComment = false;
  if (pathname.includes('/trip/')) {
    expectEqual(answer.pageType, 'trip', 'x-page-type');
    const trip = blocks.find((block) => typesOf(block).includes('TouristTrip'));
    expectEqual(typesOf(trip ?? {}), ['Product', 'TouristTrip'], 'trip JSON-LD types');
    for (const key of ['name', 'description', 'image', 'itinerary', 'provider']) expectThat(trip !== undefined && key in trip, `trip JSON-LD without ${key}`);
    for (const offer of (trip?.offers ?? []) as Record<string, unknown>[]) {
      expectThat(/^\d+(\.\d+)?$/.test(String(offer.price)), `offer price ${show(offer.price)}`);
      expectThat(/^[A-Z]{3}$/.test(String(offer.priceCurrency)), `offer currency ${show(offer.priceCurrency)}`);
      expectThat(/^https:\/\/schema\.org\//.test(String(offer.availability)), `offer availability ${show(offer.availability)}`);
    }
    if (trip?.aggregateRating) expectThat(((trip.review ?? []) as unknown[]).length > 0, 'aggregateRating without reviews');
    // spec §8: the tabs lead to real sections, the required ones among them.
    const tabs = [...html.matchAll(/data-tab="([a-z]+)"/g)].map((match) => match[1]!);
    expectThat(tabs.length >= 8, `${tabs.length} tabs, expected at least 8`);
    for (const tab of tabs) {
      expectThat(tabKeys.includes(tab), `unknown tab ${tab}`);
      expectThat(html.includes(`id="${tab}"`), `tab ${tab} without its section`);
    }
    for (const required of ['overview', 'description', 'details', 'guide', 'prices']) expectThat(tabs.includes(required), `no ${required} tab`);
    noComment = html.includes(messages[locale].TripPage.reviews.noComment.replace(/'/g, '&#x27;'));
    // Ratings with the locale's decimal comma; French punctuation after a narrow no-break space.
    if (locale !== 'en') expectThat(!/(?:Noté|Valoración de) \d\.\d/.test(html), 'rating with a decimal point');
    if (locale === 'fr') expectThat(html.includes('\u202f:'), 'French colon without its narrow no-break space');
  }
  if (/^\/(mountain-guide|fr\/guide|es\/guide)\//.test(pathname)) expectThat(types.some((type) => type === 'Person' || type === 'LocalBusiness'), 'guide page without Person or LocalBusiness');
  if (/\/blog\/[^/]+$/.test(pathname)) expectThat(types.includes('BlogPosting'), 'blog post without BlogPosting');
  if (pathname === '/' || pathname === '/fr' || pathname === '/es') {
    expectThat(types.includes('Organization') && types.includes('WebSite'), `home JSON-LD types ${show(types)}`);
    const site = blocks.find((block) => typesOf(block).includes('WebSite')) as { potentialAction?: Record<string, unknown> } | undefined;
    expectThat(site?.potentialAction?.['@type'] === 'SearchAction' && site.potentialAction['query-input'] === 'required name=search_term_string', 'home without its SearchAction');
  }
  const heading = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
  return { problems: problems.map((problem) => `${pathname}: ${problem}`), summary: { title, description, alternates, heading, noComment } };
}

/** The checks across pages: reciprocal versions, unique titles, descriptions and headings, spec §8's no-comment note in every language. */
export function checkSite(pages: Map<string, PageSummary>): string[] {
  const problems: string[] = [];
  // Reciprocal: every version a page names names the same versions back.
  for (const [url, page] of pages) {
    for (const version of Object.values(page.alternates)) {
      if (!isDeepStrictEqual(pages.get(version)?.alternates, page.alternates)) problems.push(`${version} does not name back the versions of ${url}`);
    }
  }
  // Unique titles and descriptions per page; each guide, landing or blog page has its own heading.
  for (const key of ['title', 'description', 'heading'] as const) {
    const seen = new Map<string, string>();
    for (const [url, page] of pages) {
      if (key === 'heading' && !/\/(mountain-guide|guide|blog)\/|^\/(fr\/|es\/)?[a-z0-9-]+-(in|en|au|al)-/.test(new URL(url).pathname)) continue;
      const value = `${new URL(url).pathname.slice(0, 4)} ${page[key]}`;
      if (seen.has(value)) problems.push(`${url} repeats the ${key} of ${seen.get(value)}`);
      seen.set(value, url);
    }
  }
  // spec §8: reviews without a comment say so, in each language (as many trips in each).
  const noComment: Record<Locale, number> = { en: 0, fr: 0, es: 0 };
  for (const [url, page] of pages) {
    const pathname = new URL(url).pathname;
    if (page.noComment) noComment[pathname.startsWith('/fr/') ? 'fr' : pathname.startsWith('/es/') ? 'es' : 'en'] += 1;
  }
  if (noComment.en === 0 || noComment.fr !== noComment.en || noComment.es !== noComment.en) problems.push(`trip pages noting a review without a comment: ${show(noComment)}`);
  return problems;
}

/** Every sitemap page of the site at `base`, `connections` at a time: the problems found. */
export async function checkSitemapPages(base: string, connections: number): Promise<{ pages: number; problems: string[] }> {
  const listed = sitemapEntries(await (await fetch(`${base}/sitemap.xml`)).text());
  const problems: string[] = [];
  if (listed.size < 300) problems.push(`the sitemap lists ${listed.size} pages, expected the demo catalogue's 300 and more`);
  const trips = [...listed.keys()].filter((url) => url.includes('/trip/')).length;
  if (trips < 180) problems.push(`the sitemap lists ${trips} trip pages, expected 180 and more`);
  const pages = new Map<string, PageSummary>();
  const queue = [...listed.entries()];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [url, versions] = next;
        const response = await fetch(`${base}${new URL(url).pathname}`, { redirect: 'manual' });
        const page = checkPage(url, versions, { status: response.status, pageType: response.headers.get('x-page-type') }, await response.text());
        problems.push(...page.problems);
        pages.set(url, page.summary);
      }
    }),
  );
  problems.push(...checkSite(pages));
  return { pages: pages.size, problems };
}
