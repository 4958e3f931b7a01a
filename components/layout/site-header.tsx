import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { localizedPath, type Locale } from '@/lib/locales';
import type { Alternates } from '@/lib/routing/languages';
import { myTripsHref, type LinkSettings } from '@/lib/routing/site-links';
import { staticPagePath } from '@/lib/routing/static-pages';
import { LocaleSwitcher } from './locale-switcher';
import { Logo } from './logo';
import { searchSuggestAttributes, suggestListId } from './search-suggest-attributes';
import { SearchSuggestLoader } from './search-suggest-loader';
import styles from './site-header.module.css';
import { visuallyHiddenClassName } from '@/components/ui/visually-hidden';

type Props = {
  alternates: Alternates;
  settings: LinkSettings;
  /** The currency picker (money issue) renders here. */
  currencySlot?: ReactNode;
};

/**
 * The header of every page. The search is a GET form (suggestions as you type load on its first
 * focus, search-suggest-loader.tsx); the menus are disclosures.
 */
export function SiteHeader({ alternates, settings, currencySlot }: Props) {
  const t = useTranslations('Header');
  const locale = useLocale();
  const searchAction = localizedPath(locale, '/search');
  const nav = [
    { href: localizedPath(locale, '/open-groups'), label: t('openGroups') },
    { href: localizedPath(locale, '/blog'), label: t('blog') },
    { href: staticPagePath('need-help', locale), label: t('needHelp') },
  ];
  const searchForm = (id: string) => (
    <form role="search" action={searchAction} method="get" className={styles.search}>
      <label htmlFor={id} id={`${id}-label`} className={visuallyHiddenClassName}>
        {t('searchLabel')}
      </label>
      <input id={id} name="query" type="text" placeholder={t('searchPlaceholder')} autoComplete="off" enterKeyHint="search" {...searchSuggestAttributes(t, locale as Locale, id)} />
      <ul id={suggestListId(id)} role="listbox" aria-labelledby={`${id}-label`} hidden />
      <button type="submit">{t('searchButton')}</button>
    </form>
  );

  return (
    <header className={styles.header}>
      <SearchSuggestLoader />
      <div className={styles.bar}>
        <a href={localizedPath(locale, '/')} className={styles.logo} aria-label={t('homeLink')}>
          <Logo />
        </a>
        <div className={styles.desktopOnly}>{searchForm('site-search')}</div>
        <nav aria-label={t('mainNavigation')} className={`${styles.nav} ${styles.desktopOnly}`}>
          {nav.map((item) => (
            <a key={item.href} href={item.href}>
              {item.label}
            </a>
          ))}
        </nav>
        <div className={styles.actions}>
          {currencySlot}
          <LocaleSwitcher alternates={alternates} />
          <a href={myTripsHref(settings, locale)} className={`${styles.myTrips} ${styles.desktopOnly}`} data-testid="my-trips">
            {t('myTrips')}
          </a>
          <details className={`${styles.mobileMenu} ${styles.mobileOnly}`}>
            <summary aria-label={t('openMenu')}>
              <span className={styles.burger} aria-hidden="true" />
            </summary>
            <div className={styles.mobilePanel}>
              <p className={styles.menuTitle}>{t('menuTitle')}</p>
              {searchForm('site-search-mobile')}
              <nav aria-label={t('mainNavigation')}>
                {nav.map((item) => (
                  <a key={item.href} href={item.href}>
                    {item.label}
                  </a>
                ))}
                <a href={myTripsHref(settings, locale)}>{t('myTrips')}</a>
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
