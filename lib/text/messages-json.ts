import 'server-only';
import { getMessages } from 'next-intl/server';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/locales';

type Messages = Awaited<ReturnType<typeof getMessages>>;

/** JSON texts by locale and subset: the same for every request. */
const texts = new Map<string, string>();
/** Locales × the subsets pages ask for: a few dozen; cleared past it. */
const MAX_TEXTS = 64;

/**
 * A subset of a locale's messages as JSON text, made once per locale and `key` (which names the
 * subset `pick` makes), for components/providers/client-messages.tsx.
 */
export async function messagesJson(locale: Locale, key: string, pick: (messages: Messages) => object): Promise<string> {
  // In development the messages change under a running server: made again on every request.
  if (env.NODE_ENV === 'development') return JSON.stringify(pick(await getMessages({ locale })));
  const cacheKey = `${locale}|${key}`;
  let text = texts.get(cacheKey);
  if (text === undefined) {
    text = JSON.stringify(pick(await getMessages({ locale })));
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(cacheKey, text);
  }
  return text;
}
