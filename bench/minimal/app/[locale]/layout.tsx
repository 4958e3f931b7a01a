import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';

/** The head of a Cordée page: description, canonical and language alternates, Open Graph and Twitter cards. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return {
    metadataBase: new URL('http://localhost'),
    description: t('description'),
    applicationName: t('siteName'),
    alternates: { canonical: '/', languages: { en: '/', fr: '/fr', es: '/es', 'x-default': '/' } },
    openGraph: { siteName: t('siteName'), description: t('description'), type: 'website', images: [{ url: '/og.png', width: 1200, height: 630 }] },
    twitter: { card: 'summary_large_image', description: t('description') },
  };
}

export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const messages = await getMessages();
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider messages={{ Filters: messages.Filters }}>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
