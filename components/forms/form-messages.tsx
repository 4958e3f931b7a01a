import type { ReactNode } from 'react';
import { getLocale, type getMessages } from 'next-intl/server';
import { ClientMessages } from '@/components/providers/client-messages';
import { pageFormMessages } from '@/lib/forms/form-state';
import { messagesJson } from '@/lib/text/messages-json';

type Namespace = keyof IntlMessages;
type IntlMessages = Awaited<ReturnType<typeof getMessages>>;

/**
 * The message namespaces a form island needs, and only those (architecture §4: islands get a
 * minimal message subset), for the client components below it. A page with several forms puts one
 * around them all, with every namespace they need, so `Forms` is sent once; the texts of the
 * schemas' errors load with the schema instead (components/forms/error-texts.ts).
 */
export async function FormMessages({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  const all = ['Forms', 'FormGuard', ...namespaces] as const;
  const json = await messagesJson(await getLocale(), all.join(','), (messages) => Object.fromEntries(all.map((namespace) => [namespace, namespace === 'Forms' ? pageFormMessages(messages.Forms) : messages[namespace]])));
  return <ClientMessages json={json}>{children}</ClientMessages>;
}
