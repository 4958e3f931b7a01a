import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Filters } from '../../../components/filters';
import { Footer, Header } from '../../../components/shell';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Search', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Twelve results made from the query, as a search page shows them. */
function resultsOf(query: string, priceMax: number) {
  return Array.from({ length: 12 }, (_, index) => ({
    slug: `${query || 'trip'}-${index}`,
    title: `${query || 'Mountain'} trip number ${index + 1}`,
    place: `Valley ${index % 5}, Region ${index % 3}`,
    days: 3 + (index % 9),
    price: Math.max(100, priceMax - index * 37),
    rating: 4 + (index % 10) / 10,
    reviews: 3 + index * 7,
    guide: `Guide ${index}`,
    level: index % 3 === 0 ? 'moderate' : 'challenging',
    group: 6 + (index % 6),
  }));
}

/** A search page's shape: header, filters island, twelve result cards, pagination, footer. */
export default async function SearchPage({ searchParams }: Props) {
  const params = await searchParams;
  const query = typeof params.query === 'string' ? params.query : '';
  const priceMax = Number(params.priceMax) || 1000;
  const t = await getTranslations('Search');
  const card = await getTranslations('Card');
  const format = await getFormatter();
  const results = resultsOf(query, priceMax);
  return (
    <>
      <Header />
      <main id="main">
        <h1>{t('title', { query })}</h1>
        <Filters query={query} />
        <p role="status">{t('results', { count: 1234 })}</p>
        <ol className="results">
          {results.map((trip) => (
            <li key={trip.slug}>
              <article>
                <a href={`/trip/${trip.slug}`}>
                  <img src={`/assets/${trip.slug}.webp`} alt="" width="320" height="200" loading="lazy" />
                  <h2>{trip.title}</h2>
                </a>
                <p>
                  <span>{trip.place}</span> · <span>{card('days', { count: trip.days })}</span>
                </p>
                <p>
                  ★ {card('rating', { rating: format.number(trip.rating, { maximumFractionDigits: 1 }), count: trip.reviews })}
                </p>
                <p>
                  {card('guide', { name: trip.guide })} · {card('level', { level: trip.level })} · {card('group', { count: trip.group })}
                </p>
                <p>
                  <strong>{card('from', { price: format.number(trip.price, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }) })}</strong>
                </p>
                <p>
                  <a href={`/trip/${trip.slug}`}>{card('details')}</a>
                  <button type="button" aria-label={card('save')}>
                    <svg width="16" height="16" aria-hidden="true">
                      <path d="M8 14 2 8a3 3 0 0 1 6-4 3 3 0 0 1 6 4z" />
                    </svg>
                  </button>
                </p>
              </article>
            </li>
          ))}
        </ol>
        <nav aria-label={t('page', { page: 1, pages: 9 })}>
          <a href={`/search?query=${encodeURIComponent(query)}&page=2`}>{t('next')}</a>
        </nav>
      </main>
      <Footer />
    </>
  );
}
