import type { Metadata, Viewport } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { LinkSettingsProvider } from '@/components/layout/link-settings-provider';
import { routing } from '@/i18n/routing';
import { env } from '@/lib/env';
import { linkSettings } from '@/lib/site-config';
import '../globals.css';

/** The message namespaces client components need; everything else stays on the server. */
const clientNamespaces = ['Error', 'Footer', 'Newsletter', 'Breadcrumb', 'NotFound'] as const;

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
  const messages = await getMessages();
  const t = await getTranslations('Header');
  const clientMessages = Object.fromEntries(clientNamespaces.map((ns) => [ns, messages[ns]]));

  return (
    <html lang={locale}>
      <body>
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider messages={clientMessages}>
          <LinkSettingsProvider settings={linkSettings()}>{children}</LinkSettingsProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
