'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';

const GROUPS = Array.from({ length: 6 }, (_, index) => `g${index}` as const);
const OPTIONS = Array.from({ length: 9 }, (_, index) => `o${index}` as const);

/** The one client island: a filters form the size of Cordée's search filters (about 200 elements). */
export function Filters({ query }: { query: string }) {
  const t = useTranslations('Filters');
  const [open, setOpen] = useState(true);
  return (
    <form action="/search" method="get" aria-label={t('title')}>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('title')}
      </button>
      <input type="hidden" name="query" value={query} />
      {GROUPS.map((group) => (
        <fieldset key={group}>
          <legend>{t(`groups.${group}.legend`)}</legend>
          {OPTIONS.map((option) => (
            <label key={option}>
              <input type="checkbox" name={group} value={option} /> <span>{t(`groups.${group}.${option}`)}</span>
            </label>
          ))}
        </fieldset>
      ))}
      <label>
        {t('priceMin')} <input type="number" name="priceMin" />
      </label>
      <label>
        {t('priceMax')} <input type="number" name="priceMax" />
      </label>
      <button type="submit">{t('apply')}</button>
      <a href="/search">{t('clear')}</a>
    </form>
  );
}
