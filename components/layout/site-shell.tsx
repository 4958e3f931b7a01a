import type { ReactNode } from 'react';
import { localizedPath, type Locale } from '@/lib/locales';
import type { Alternates } from '@/lib/routing/languages';
import type { PageAudience } from '@/lib/server/page-audience';
import { linkSettings } from '@/lib/site-config';
import type { DataLayerEntry } from '@/lib/tracking/data-layer';
import { Measurement } from '@/components/measurement/measurement';
import { Breadcrumb, type BreadcrumbItem } from './breadcrumb';
import { CurrencyPicker } from './currency-picker';
import { SiteFooter, type FooterEntry } from './site-footer';
import { SiteHeader } from './site-header';
import styles from './site-shell.module.css';

type Props = {
  locale: Locale;
  /** Who the page is drawn for: the currency picker and the measurement read the visitor through it. */
  audience: PageAudience;
  /** Every locale version of this page (drives the language switcher and the footer languages). */
  alternates: Alternates;
  /** The trail after Home; the last item is the current page. Omitted on the home page. */
  breadcrumb?: BreadcrumbItem[];
  countries?: FooterEntry[];
  activities?: FooterEntry[];
  /** The page's own data layer entries after the page info (spec §5/§7: content and search info). */
  tracking?: (DataLayerEntry | null)[];
  children: ReactNode;
};

/** The frame of every page: skip link, header, breadcrumb, main content, footer, measurement and banners. */
export function SiteShell({ locale, audience, alternates, breadcrumb, countries, activities, tracking, children }: Props) {
  const settings = linkSettings();
  return (
    <>
      <SiteHeader alternates={alternates} settings={settings} currencySlot={<CurrencyPicker audience={audience} />} />
      <div className={styles.page}>
        {breadcrumb && breadcrumb.length > 0 ? <Breadcrumb items={breadcrumb} homeHref={localizedPath(locale, '/')} /> : null}
        <main id="main" className={styles.main}>
          {children}
        </main>
      </div>
      <SiteFooter settings={settings} alternates={alternates} countries={countries} activities={activities} />
      <Measurement locale={locale} audience={audience} entries={tracking} />
    </>
  );
}
