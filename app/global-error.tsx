'use client';

import { useEffect } from 'react';
import { fatalErrorMessages } from '@/lib/fatal-error-messages';
import { isLocale } from '@/lib/locales';
import { clearAllStorage } from '@/lib/storage';

/** A crash in the root layout itself: the spec §8 message in the URL's language, storage cleared, reported. */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const first = typeof window === 'undefined' ? 'en' : window.location.pathname.split('/')[1];
  const locale = isLocale(first) ? first : 'en';
  const text = fatalErrorMessages[locale];

  useEffect(() => {
    clearAllStorage();
    void import('@sentry/nextjs').then((Sentry) => Sentry.captureException(error)).catch(() => undefined);
  }, [error]);

  return (
    <html lang={locale}>
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 0, padding: '4rem 1rem', textAlign: 'center', color: '#1b2420' }}>
        <main>
          <h1 style={{ fontSize: '1.5rem', maxWidth: '40rem', margin: '0 auto 1.5rem' }}>{text.title}</h1>
          <button type="button" onClick={() => retry()} style={{ minHeight: 48, padding: '0 1.5rem', borderRadius: 10, border: 0, background: '#1f5c45', color: '#fff', fontWeight: 700 }}>
            {text.retry}
          </button>
        </main>
      </body>
    </html>
  );
}
