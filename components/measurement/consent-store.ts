import { useSyncExternalStore } from 'react';
import { getCookieConsent, setCookieConsent, type CookieConsent } from '@/lib/storage';

/** Before hydration the choice is unknown: the server renders no consent-dependent UI. */
export type ConsentState = CookieConsent | 'unknown';

const listeners = new Set<() => void>();
// The choice of this page, kept even when storage refuses to store it (private mode, quota).
let chosen: CookieConsent | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** spec §3: the visitor's cookie-consent choice (stored under the cookie-consent key). */
export function currentConsent(): CookieConsent {
  return getCookieConsent() ?? chosen ?? null;
}

/** Stores the visitor's choice and tells every island of the page. */
export function chooseConsent(consent: Exclude<CookieConsent, null>) {
  chosen = setCookieConsent(consent) ? undefined : consent;
  for (const listener of listeners) listener();
}

/** The consent choice as React state ('unknown' on the server and while hydrating). */
export function useConsent(): ConsentState {
  return useSyncExternalStore<ConsentState>(subscribe, currentConsent, () => 'unknown');
}
