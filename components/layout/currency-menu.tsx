'use client';

import Cookies from 'js-cookie';
import { useRouter } from 'next/navigation';
import { useDeferredValue, useEffect, useId, useState, useTransition } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { visuallyHiddenClassName } from '@/components/ui/visually-hidden';
import { CURRENCY_COOKIE, readCurrencyCookie } from '@/lib/money/currency-cookie';
import { getCurrency, setCurrency } from '@/lib/storage';
import { parsedJson } from '@/lib/text/parsed-json';
import styles from './currency-menu.module.css';
import control from './header-control.module.css';

export type CurrencyOption = { code: string; symbol: string; name: string };
export type CurrencyMenuLabels = {
  button: string;
  title: string;
  close: string;
  search: string;
  searchPlaceholder: string;
  noMatch: string;
  ratesNote: string | null;
};

export type CurrencyMenuProps = { current: CurrencyOption; options: CurrencyOption[]; labels: CurrencyMenuLabels };

const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

function rememberChoice(code: string) {
  Cookies.set(CURRENCY_COOKIE, code, { expires: 365, path: '/', sameSite: 'lax', secure: window.location.protocol === 'https:' });
  setCurrency(code);
}

/** spec §4 currency picker: a searchable list; the choice goes to the `currency` cookie and local storage, then prices re-render on the server. */
export function CurrencyMenu({ current, options, labels }: CurrencyMenuProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [pending, startTransition] = useTransition();
  const deferredQuery = useDeferredValue(query);
  const searchId = useId();

  // spec §3/§4: cookie and local storage hold the same choice. The cookie, when present, wins;
  // a choice only local storage remembers (an expired cookie) is restored and the prices follow.
  useEffect(() => {
    // Read as the server reads it (a duplicated cookie that disagrees is no choice).
    const cookie = readCurrencyCookie(document.cookie);
    if (cookie.present) {
      const chosen = cookie.choice;
      if (getCurrency() !== chosen) setCurrency(chosen);
      return;
    }
    const stored = getCurrency();
    if (stored && stored !== current.code) {
      rememberChoice(stored);
      startTransition(() => router.refresh());
    }
  }, [current.code, router]);

  const needle = fold(deferredQuery.trim());
  const shown = needle ? options.filter((option) => fold(`${option.code} ${option.name} ${option.symbol}`).includes(needle)) : options;

  const choose = (code: string) => {
    setOpen(false);
    setQuery('');
    if (code === current.code && readCurrencyCookie(document.cookie).choice === code) return;
    rememberChoice(code);
    startTransition(() => router.refresh());
  };

  return (
    <>
      {/* Named by its text, the visible code included (WCAG 2.5.3): "Currency: US Dollar USD". */}
      <button type="button" className={`${control.control} ${styles.trigger}`} aria-haspopup="dialog" aria-busy={pending || undefined} onClick={() => setOpen(true)} data-testid="currency-picker" data-currency={current.code}>
        <span className={visuallyHiddenClassName}>{labels.button}</span>{' '}
        {current.symbol ? (
          <span aria-hidden="true" className={styles.symbol}>
            {current.symbol}
          </span>
        ) : null}
        <span>{current.code}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={labels.title} closeLabel={labels.close} className={styles.dialog}>
        {/* Drawn once opened: the dialog opens only with JavaScript, and its thirty currencies were a
            fifth of the elements every page rendered on the server. */}
        {open ? (
          <>
            <label htmlFor={searchId} className={styles.searchLabel}>
              {labels.search}
            </label>
            <input id={searchId} type="search" className={styles.search} value={query} placeholder={labels.searchPlaceholder} autoComplete="off" onChange={(event) => setQuery(event.target.value)} />
            {shown.length === 0 ? (
              <p role="status" className={styles.empty}>
                {labels.noMatch}
              </p>
            ) : (
              <ul className={styles.list} aria-label={labels.title}>
                {shown.map((option) => (
                  <li key={option.code}>
                    <button type="button" className={styles.option} aria-current={option.code === current.code ? 'true' : undefined} onClick={() => choose(option.code)}>
                      <span className={styles.optionSymbol} aria-hidden="true">
                        {option.symbol}
                      </span>
                      <span className={styles.optionName}>{option.name}</span>
                      <span className={styles.optionCode}>{option.code}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {labels.ratesNote ? <p className={styles.note}>{labels.ratesNote}</p> : null}
          </>
        ) : null}
      </Dialog>
    </>
  );
}

/**
 * The menu from its props as JSON text, kept per locale, currency and rates by the server
 * (currency-picker.tsx): its thirty currencies pass as one string instead of ninety values
 * serialized, and revived for the HTML, on every page rendered on request.
 */
export function CurrencyMenuFromJson({ json }: { json: string }) {
  return <CurrencyMenu {...parsedJson<CurrencyMenuProps>(json)} />;
}
