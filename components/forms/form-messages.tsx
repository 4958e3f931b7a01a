import type { ReactNode } from 'react';
import { getLocale, type getMessages } from 'next-intl/server';
import { ClientMessages } from '@/components/providers/client-messages';
import { PAGE_ERROR_KEYS } from '@/lib/forms/form-state';
import { messagesJson } from '@/lib/text/messages-json';

type Namespace = keyof IntlMessages;
type IntlMessages = Awaited<ReturnType<typeof getMessages>>;

/** `Forms` without the texts of the schemas' errors, which load with the schema (components/forms/error-texts.ts). */
function pageForms(forms: IntlMessages['Forms']) {
  return { ...forms, errors: Object.fromEntries(PAGE_ERROR_KEYS.map((key) => [key, forms.errors[key]])) };
}

/**
 * The message namespaces a form island needs, and only those (architecture §4: islands get a
 * minimal message subset), for the client components below it. A page with several forms puts one
 * around them all, with every namespace they need, so `Forms` is sent once.
 */
export async function FormMessages({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  const all = ['Forms', 'FormGuard', ...namespaces] as const;
  const json = await messagesJson(await getLocale(), all.join(','), (messages) => Object.fromEntries(all.map((namespace) => [namespace, namespace === 'Forms' ? pageForms(messages.Forms) : messages[namespace]])));
  return <ClientMessages json={json}>{children}</ClientMessages>;
}
