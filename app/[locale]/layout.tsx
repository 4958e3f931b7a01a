import type { Metadata, Viewport } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ClientMessages } from '@/components/providers/client-messages';
import { LinkSettingsProvider } from '@/components/layout/link-settings-provider';
import { routing } from '@/i18n/routing';
import { env } from '@/lib/env';
import { linkSettings } from '@/lib/site-config';
import { messagesJson } from '@/lib/text/messages-json';
import '../globals.css';

/** The message namespaces client components need; everything else stays on the server. */
const clientNamespaces = ['Error', 'Footer', 'Newsletter', 'Breadcrumb', 'NotFound'] as const;
const NO_MESSAGES = {};

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: hasLocale(routing.locales, locale) ? locale : routing.defaultLocale, namespace: 'Metadata' });
  return {
    metadataBase: new URL(env.SITE_URL),
    title: { default: t('homeTitle'), template: t('titleTemplate', { title: '%s' }) },
    description: t('homeDescription'),
    applicationName: t('siteName'),
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#1f5c45',
};

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const [t, clientMessages] = await Promise.all([getTranslations('Header'), messagesJson(locale, 'layout', (messages) => Object.fromEntries(clientNamespaces.map((ns) => [ns, messages[ns]])))]);

  return (
    <html lang={locale}>
      <body>
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        {/* Locale, formats and time zone from the request's configuration; the messages as JSON text. */}
        <NextIntlClientProvider messages={NO_MESSAGES}>
          <ClientMessages json={clientMessages}>
            <LinkSettingsProvider settings={linkSettings()}>{children}</LinkSettingsProvider>
          </ClientMessages>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
