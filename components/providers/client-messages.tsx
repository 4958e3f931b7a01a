'use client';

import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { parsedJson } from '@/lib/text/parsed-json';

/**
 * The messages of the client components below it, received as JSON text: React serializes a
 * string as it is, where a messages object is walked value by value on the server and revived
 * again for the HTML on every request. They are added to the namespaces of the provider above
 * (which keep theirs), so a page sends a namespace once for all its islands. The locale, formats
 * and time zone come from the provider above.
 */
export function ClientMessages({ json, children }: { json: string; children: ReactNode }) {
  const locale = useLocale();
  const above = useMessages();
  const messages = useMemo(() => ({ ...above, ...parsedJson<AbstractIntlMessages>(json) }), [above, json]);
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
