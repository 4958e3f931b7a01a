import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import { checkPage, checkSite, sitemapEntries, type PageSummary } from '../../scripts/seo-pages';

const origin = 'http://127.0.0.1:3200';
const versions = {
  en: `${origin}/trip/tmb`,
  fr: `${origin}/fr/trip/tmb-fr`,
  es: `${origin}/es/trip/tmb-es`,
  'x-default': `${origin}/trip/tmb`,
};
const tabs = ['overview', 'description', 'details', 'itinerary', 'guide', 'prices', 'reviews', 'included'];

/** An English trip page that reads well; `change` edits its HTML. */
function tripPage(change: (html: string) => string = (html) => html): string {
  const trip = {
    '@context': 'https://schema.org',
    '@type': ['Product', 'TouristTrip'],
    name: 'Tour du Mont Blanc',
    description: 'Eleven days around the massif',
    image: `${origin}/cover.svg`,
    itinerary: { '@type': 'ItemList' },
    provider: { '@type': 'Organization' },
    offers: [{ price: '2950', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }],
  };
  const breadcrumb = { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [{ name: 'Home', item: `${origin}/` }, { name: 'Tour du Mont Blanc', item: versions.en }] };
  const html = `<!DOCTYPE html><html lang="en"><head><title>Tour du Mont Blanc | Cordée</title>
<meta name="description" content="Eleven days around the massif"/>
<link rel="canonical" href="/trip/tmb"/>
${Object.entries(versions).map(([lang, href]) => `<link rel="alternate" hreflang="${lang}" href="${href}"/>`).join('')}
<meta property="og:title" content="Tour du Mont Blanc"/><meta property="og:locale" content="en_GB"/><meta property="og:image" content="/cover.png"/><meta property="og:url" content="/trip/tmb"/>
<meta name="twitter:card" content="summary_large_image"/><meta name="twitter:image" content="/cover.png"/>
<script type="application/ld+json">${JSON.stringify(trip)}</script><script type="application/ld+json">${JSON.stringify(breadcrumb)}</script></head>
<body><details data-testid="locale-switcher"><a hreflang="en" href="/trip/tmb">English</a><a hreflang="fr" href="/fr/trip/tmb-fr">Français</a><a hreflang="es" href="/es/trip/tmb-es">Español</a></details>
<nav data-testid="breadcrumb"><ol><li><a href="/">Home</a></li><li>Tour du Mont Blanc</li></ol></nav>
<h1>Tour du Mont Blanc</h1>${tabs.map((tab) => `<a data-tab="${tab}" href="#${tab}">${tab}</a>`).join('')}
${tabs.map((tab) => `<section id="${tab}"></section>`).join('')}<p>${en.TripPage.reviews.noComment.replace(/'/g, '&#x27;')}</p></body></html>`;
  return change(html);
}

describe('checkPage', () => {
  const ok = { status: 200, pageType: 'trip' };
  it('finds nothing wrong with a page that reads well, and notes its review without a comment', () => {
    const { problems, summary } = checkPage(versions.en, versions, { status: 200, pageType: 'trip' }, tripPage());
    expect(problems).toEqual([]);
    expect(summary).toMatchObject({ title: 'Tour du Mont Blanc | Cordée', heading: 'Tour du Mont Blanc', noComment: true });
  });

  it.each([
    ['a status other than 200', { status: 404, pageType: 'trip' }, (html: string) => html, 'status'],
    ['a second h1', ok, (html: string) => html.replace('</body>', '<h1>Again</h1></body>'), 'h1 count'],
    ['no canonical link', ok, (html: string) => html.replace('<link rel="canonical" href="/trip/tmb"/>', ''), 'canonical'],
    ['a language version missing from hreflang', ok, (html: string) => html.replace(/<link rel="alternate" hreflang="es"[^>]*>/, ''), 'hreflang'],
    ['JSON-LD that does not parse', ok, (html: string) => html.replace('<script type="application/ld+json">{', '<script type="application/ld+json">{,'), 'JSON-LD does not parse'],
    ['a breadcrumb unlike the visible one', ok, (html: string) => html.replace('<li>Tour du Mont Blanc</li>', '<li>Elsewhere</li>'), 'breadcrumb'],
    ['a tab without its section', ok, (html: string) => html.replace('<section id="prices"></section>', ''), 'tab prices without its section'],
    ['a noindex page', ok, (html: string) => html.replace('</head>', '<meta name="robots" content="noindex"/></head>'), 'noindex'],
    ['a trip page without its page type', { status: 200, pageType: null }, (html: string) => html, 'x-page-type'],
    ['the wrong og:locale', ok, (html: string) => html.replace('en_GB', 'fr_FR'), 'og:locale'],
  ])('reports %s', (_, answer, change, problem) => {
    const { problems } = checkPage(versions.en, versions, answer, tripPage(change));
    expect(problems.join('\n')).toContain(problem);
    expect(problems.every((line) => line.startsWith('/trip/tmb: '))).toBe(true);
  });
});

describe('checkSite', () => {
  const page = (title: string, alternates: Record<string, string>, noComment = true): PageSummary => ({ title, description: `About ${title}`, heading: title, alternates, noComment });
  const reciprocal = { en: versions.en, fr: versions.fr, es: versions.es, 'x-default': versions.en };
  const site = () => new Map(Object.entries({ [versions.en]: page('A', reciprocal), [versions.fr]: page('B', reciprocal), [versions.es]: page('C', reciprocal) }));

  it('finds nothing wrong with reciprocal versions, unique titles and the no-comment note in every language', () => {
    expect(checkSite(site())).toEqual([]);
  });

  it('reports a version that does not name the others back, a repeated title, a language without the no-comment note', () => {
    const pages = site();
    pages.set(versions.fr, page('B', { fr: versions.fr }));
    expect(checkSite(pages).join('\n')).toContain(`${versions.fr} does not name back the versions of ${versions.en}`);
    const repeated = site();
    repeated.set(`${origin}/trip/other`, page('A', {}));
    expect(checkSite(repeated).join('\n')).toContain('repeats the title');
    const untold = site();
    untold.set(versions.es, page('C', reciprocal, false));
    expect(checkSite(untold).join('\n')).toContain('noting a review without a comment');
  });
});

describe('sitemapEntries', () => {
  it('reads each page with its language versions', () => {
    const xml = `<urlset><url><loc>${versions.en}</loc><xhtml:link rel="alternate" hreflang="fr" href="${versions.fr}"/><xhtml:link rel="alternate" hreflang="x-default" href="${versions.en}"/></url></urlset>`;
    expect([...sitemapEntries(xml)]).toEqual([[versions.en, { fr: versions.fr, 'x-default': versions.en }]]);
  });
});
