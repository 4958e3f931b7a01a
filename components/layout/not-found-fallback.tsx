'use client';

import { useLocale } from 'next-intl';
import { useLinkSettings } from './link-settings-provider';
import { NotFoundView } from './not-found-view';
import { localizedPath } from '@/lib/locales';
import { SiteFooterOnDemand } from './site-footer-on-demand';

/**
 * What a page's notFound() shows: the localized message with the footer and its newsletter block
 * (spec §2), drawn on the client like the fatal-error fallback. Next.js puts this boundary into
 * every page's RSC payload; as a client leaf it costs a reference there, not a second site shell.
 */
export function NotFoundFallback() {
  const locale = useLocale();
  const settings = useLinkSettings();
  return (
    <>
      <main id="main">
        <NotFoundView />
      </main>
      {settings ? <SiteFooterOnDemand settings={settings} alternates={{ [locale]: localizedPath(locale, '/') }} countries={[]} activities={[]} /> : null}
    </>
  );
}
