import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountLocale } from '@/lib/routing/account-pages';
import { cachedPagePath } from '@/lib/routing/cached-pages';
import { splitLocale } from '@/lib/routing/served-paths';

/**
 * The URL → file table of README.md and of proxy.ts's header: the two agree, every file they name
 * exists, and the proxy's own functions send sample URLs to the file the table names.
 */
const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const proxy = readFileSync(path.join(root, 'proxy.ts'), 'utf8');

const readmeRows = readme
  .slice(readme.indexOf('<!-- url-map'), readme.indexOf('<!-- /url-map -->'))
  .split('\n')
  .filter((line) => line.startsWith('|'));
const proxyRows = proxy
  .slice(0, proxy.indexOf('*/'))
  .split('\n')
  .filter((line) => line.startsWith(' * |'))
  .map((line) => line.slice(3));

/** The App Router file that renders an internal path: static folders first, then [param], then [...rest]. */
function appFileOf(pathname: string): string | null {
  let dir = 'app';
  const segments = pathname.split('/').filter(Boolean);
  for (let index = 0; index < segments.length; index += 1) {
    const entries = readdirSync(path.join(root, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const exact = entries.find((entry) => entry.name === segments[index]);
    const param = entries.find((entry) => /^\[[^.]/.test(entry.name));
    const catchAll = entries.find((entry) => entry.name.startsWith('[...'));
    if (exact ?? param) dir = path.join(dir, (exact ?? param)!.name);
    else if (catchAll) return path.join(dir, catchAll.name, 'page.tsx');
    else return null;
  }
  return existsSync(path.join(root, dir, 'page.tsx')) ? path.join(dir, 'page.tsx') : null;
}

/** Where the proxy sends a served public URL: a cached page's internal path, an account rewrite, or next-intl's `/{locale}/…`. */
function internalPathOf(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const cached = cachedPagePath(pathname, searchParams, { code: 'EUR', source: 'cookie' });
  if (cached !== null) return cached;
  const lan = accountLocale(pathname, searchParams.get('lan'));
  if (lan !== null) return `/${lan}${pathname}`;
  const { locale, segments } = splitLocale(pathname);
  return `/${locale}/${segments.join('/')}`;
}

describe('URL → file map', () => {
  it('is the same table in README.md and proxy.ts', () => {
    expect(readmeRows.length).toBeGreaterThan(10);
    expect(proxyRows).toEqual(readmeRows);
  });

  it('names only files and folders that exist', () => {
    const named = readmeRows.flatMap((row) => [...row.split('|')[3]!.matchAll(/`((?:app|lib)\/[^`]+)`/g)].map((match) => match[1]!));
    expect(named.length).toBeGreaterThan(15);
    for (const file of named) {
      const expanded = file.includes('{page}') ? ['sign-in', 'bookings', 'guide', 'trip', 'support'].map((page) => file.replace('{page}', page)) : [file];
      for (const one of expanded) expect(existsSync(path.join(root, one.split('…')[0]!)), one).toBe(true);
    }
  });

  it.each([
    ['/', 'app/[locale]/cached/[currency]/page.tsx'],
    ['/fr', 'app/[locale]/cached/[currency]/page.tsx'],
    ['/fr/trip/tour-du-mont-blanc', 'app/[locale]/cached/[currency]/trip/[slug]/[travellers]/page.tsx'],
    ['/trip/tour-du-mont-blanc?travellers=3', 'app/[locale]/cached/[currency]/trip/[slug]/[travellers]/page.tsx'],
    ['/mountain-guide/jane-doe', 'app/[locale]/cached/[currency]/mountain-guide/[slug]/[travellers]/page.tsx'],
    ['/es/guide/jane-doe', 'app/[locale]/cached/[currency]/guide/[slug]/[travellers]/page.tsx'],
    ['/blog?page=2', 'app/[locale]/cached/[currency]/blog-index/[page]/page.tsx'],
    ['/fr/blog/un-article', 'app/[locale]/cached/[currency]/blog/[slug]/page.tsx'],
    ['/fr/a-propos', 'app/[locale]/cached/[currency]/p/[slug]/page.tsx'],
    ['/trekking-in-nepal', 'app/[locale]/cached/[currency]/p/[slug]/page.tsx'],
    ['/trekking-in-nepal?level=easy', 'app/[locale]/[...rest]/page.tsx'],
    ['/search?query=nepal', 'app/[locale]/cached/[currency]/search/[search]/page.tsx'],
    [`/fr/search?query=${'x'.repeat(100)}&activity=trekking&activity=ski-touring&level=easy&level=intermediate&fitness=low&fitness=moderate&language=en&language=fr&duration=8-14&priceMin=100&priceMax=9000&month=2027-07`, 'app/[locale]/search/page.tsx'],
    ['/es/open-groups', 'app/[locale]/open-groups/page.tsx'],
    ['/account/bookings?lan=fr', 'app/[locale]/account/bookings/page.tsx'],
    ['/account/sign-in', 'app/[locale]/account/sign-in/page.tsx'],
  ])('%s is rendered by %s, as the table says', (url, file) => {
    const rendered = appFileOf(internalPathOf(url));
    expect(rendered).toBe(file);
    const pageFile = file.replace(/account\/[a-z-]+\//, 'account/{page}/');
    expect(readmeRows.some((row) => row.includes(`\`${pageFile}\``))).toBe(true);
  });
});
