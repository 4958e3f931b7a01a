import { getLocale } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { NOT_FOUND_AUDIENCE } from '@/lib/server/page-audience';
import { NotFoundView } from '@/components/layout/not-found-view';
import { localizedPath, type Locale } from '@/lib/locales';

/** spec §2 "Not-found page": the localized message with the footer and the newsletter block; HTTP 404. */
export default async function LocaleNotFound() {
  const locale = (await getLocale()) as Locale;
  return (
    <SiteShell locale={locale} audience={NOT_FOUND_AUDIENCE} alternates={{ [locale]: localizedPath(locale, '/') }}>
      <NotFoundView />
    </SiteShell>
  );
}
