// `tsx scripts/seo-check.ts BASE_URL`: every sitemap page of the site at BASE_URL as a search engine
// reads it (scripts/seo-pages.ts), CRAWL_CONNECTIONS (8) at a time; exits 1 with the problems found.
import { checkSitemapPages } from './seo-pages';
import { runMain } from './harness';

runMain(async () => {
  const base = process.argv[2];
  if (!base) throw new Error('Usage: tsx scripts/seo-check.ts BASE_URL');
  const started = Date.now();
  const { pages, problems } = await checkSitemapPages(base.replace(/\/$/, ''), Number(process.env.CRAWL_CONNECTIONS ?? 8));
  const seconds = Math.round((Date.now() - started) / 1000);
  for (const problem of problems.slice(0, 50)) console.log(`  ${problem}`);
  if (problems.length > 0) {
    console.log(`✖ sitemap pages: ${problems.length} problems over ${pages} pages (${seconds} s)`);
    process.exit(1);
  }
  console.log(`✔ sitemap pages: ${pages} pages read as a search engine reads them (${seconds} s)`);
});
