import { getTranslations } from 'next-intl/server';

const NAV = Array.from({ length: 12 }, (_, index) => `link${index}` as const);
const COLUMNS = Array.from({ length: 4 }, (_, index) => `c${index}` as const);
const LINKS = Array.from({ length: 8 }, (_, index) => `l${index}` as const);

/** Cordée's header shape: logo, navigation, currency and language controls. */
export async function Header() {
  const t = await getTranslations('Header');
  return (
    <header className="header">
      <a href="#main" className="skip">
        {t('skip')}
      </a>
      <a href="/" aria-label={t('home')}>
        <svg width="32" height="32" aria-hidden="true">
          <circle cx="16" cy="16" r="14" />
        </svg>
      </a>
      <form action="/search" role="search">
        <label htmlFor="header-search">{t('search')}</label>
        <input id="header-search" name="query" type="search" placeholder={t('searchPlaceholder')} />
        <button type="submit" aria-label={t('search')}>
          <svg width="16" height="16" aria-hidden="true">
            <path d="M7 12A5 5 0 1 0 7 2a5 5 0 0 0 0 10zm4-1 4 4" />
          </svg>
        </button>
      </form>
      <nav aria-label={t('menu')}>
        <ul>
          {NAV.map((key) => (
            <li key={key}>
              <a href={`/${key}`}>
                <span>{t(`nav.${key}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <details>
        <summary>{t('menu')}</summary>
        <ul>
          {NAV.map((key) => (
            <li key={key}>
              <a href={`/${key}`}>{t(`nav.${key}`)}</a>
            </li>
          ))}
        </ul>
      </details>
      <button type="button">{t('currency', { code: 'EUR' })}</button>
      <a href="/fr" hrefLang="fr">
        {t('language')}
      </a>
      <a href="/account">{t('account')}</a>
    </header>
  );
}

/** Cordée's footer shape: link columns and the newsletter form. */
export async function Footer() {
  const t = await getTranslations('Footer');
  return (
    <footer className="footer">
      {COLUMNS.map((column) => (
        <section key={column}>
          <h2>{t(`columns.${column}.title`)}</h2>
          <ul>
            {LINKS.map((link) => (
              <li key={link}>
                <a href={`/${column}/${link}`}>{t(`columns.${column}.${link}`)}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <form action="/newsletter" method="post">
        <label htmlFor="newsletter-email">{t('email')}</label>
        <input id="newsletter-email" name="email" type="email" />
        <button type="submit">{t('subscribe')}</button>
      </form>
      <p>
        <small>{t('legal')}</small>
      </p>
    </footer>
  );
}
