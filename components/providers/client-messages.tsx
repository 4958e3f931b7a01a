'use client';

import { NextIntlClientProvider, useLocale } from 'next-intl';
import type { ReactNode } from 'react';
import { parsedJson } from '@/lib/text/parsed-json';

/**
 * The messages of the client components below it, received as JSON text: React serializes a
 * string as it is, where a messages object is walked value by value on the server and revived
 * again for the HTML on every request. The locale, formats and time zone come from the provider above.
 */
export function ClientMessages({ json, children }: { json: string; children: ReactNode }) {
  const locale = useLocale();
  return (
    <NextIntlClientProvider locale={locale} messages={parsedJson(json)}>
      {children}
    </NextIntlClientProvider>
  );
}
