import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';

type Namespace = keyof IntlMessages;
type IntlMessages = Awaited<ReturnType<typeof getMessages>>;

/**
 * The message namespaces a form island needs, and only those (architecture §4: islands get a
 * minimal message subset), for the client components below it.
 */
export async function FormMessages({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  const messages = await getMessages();
  const subset = Object.fromEntries(['Forms', 'FormGuard', ...namespaces].map((namespace) => [namespace, messages[namespace as Namespace]]));
  return <NextIntlClientProvider messages={subset}>{children}</NextIntlClientProvider>;
}
