'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useSyncExternalStore, useTransition, type FormEvent } from 'react';
import { fromStoredFilters, searchHref } from '@/lib/search/search-state';
import { getSearchFilters, setSearchFilters } from '@/lib/storage';
import type { FilterState } from './results-data';
import { submitsForm } from './committed-change';
import styles from './search.module.css';

export type Option = { value: string; label: string };

/** What the filter panel shows, computed on the server (labels in the page's language). */
export type SearchFiltersProps = FilterState & {
  formId: string;
  /** The page the form reloads (search, or a landing page). */
  action: string;
  /** Whether to restore the remembered state when the URL has no parameter (the search page). */
  restore: boolean;
  options: {
    travellers: Option[];
    activity: Option[] | null;
    type: Option[];
    level: Option[];
    fitness: Option[];
    language: Option[];
    duration: Option[];
    month: Option[];
    currency: string;
  };
  labels: Record<
    | 'title' | 'apply' | 'clear' | 'travellers' | 'activity' | 'type' | 'any' | 'level' | 'fitness' | 'language' | 'anyLanguage'
    | 'duration' | 'anyDuration' | 'price' | 'priceMin' | 'priceMax' | 'month' | 'anyMonth' | 'openGroups' | 'updating',
    string
  >;
  /**
   * Given (the search page), a change hands the form's URL to it instead of loading that page; the
   * caller fetches the results and says how it went.
   */
  onNavigate?: (url: string) => void;
};

const noSubscription = () => () => undefined;

function toUrl(action: string, form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
  }
  const query = params.toString();
  return query ? `${action}?${query}` : action;
}

/**
 * The search filters (spec §3), a client island over a plain GET form: without JavaScript the
 * Apply button submits it; with JavaScript every change shows the new results (the search page
 * fetches them in place, `onNavigate`; a landing page loads its URL), the URL stays shareable, and
 * the state is remembered in local storage `search.filters`. On phones the form folds into a
 * `<details>`, which opens without JavaScript too.
 */
/**
 * Whether the panel was open when a filter changed on a landing page: each of its searches is its
 * own page, so a change mounts the filters anew, and a phone's open panel must stay open across it.
 */
let openAcrossNavigation = false;

/** Whether the disclosure is folded (phones): its summary is then shown. */
const folds = (summary: HTMLElement | null) => summary !== null && summary.getClientRects().length > 0;

export function SearchFilters({ formId, action, values, hidden, remember, restore, activeCount, clearHref, options, labels, onNavigate }: SearchFiltersProps) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [open, setOpen] = useState(() => openAcrossNavigation);
  // True once hydrated (false in the server HTML): tests wait for it before using the filters.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const has = (name: string, value: string) => (values[name] ?? []).includes(value);
  const first = (name: string) => values[name]?.[0] ?? '';

  // Remember what the URL says; on a bare /search, come back to the remembered search.
  useEffect(() => {
    if (restore && window.location.search === '') {
      const href = searchHref(pathname, fromStoredFilters(getSearchFilters()));
      if (href !== pathname) {
        router.replace(href, { scroll: false });
        return;
      }
    }
    if (remember) setSearchFilters(remember);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- whenever the server state changes
  }, [JSON.stringify(remember)]);

  useEffect(() => {
    openAcrossNavigation = false;
  }, []);

  const navigate = (keepOpen = open) => {
    const form = formRef.current;
    if (!form) return;
    if (onNavigate) return onNavigate(toUrl(action, form));
    openAcrossNavigation = keepOpen;
    startTransition(() => router.push(toUrl(action, form), { scroll: false }));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The Apply button folds the phone's panel; its focus goes to the summary, never to <body>.
    const applied = event.nativeEvent instanceof SubmitEvent && event.nativeEvent.submitter?.getAttribute('type') === 'submit';
    if (applied && folds(summaryRef.current)) {
      setOpen(false);
      summaryRef.current?.focus();
      navigate(false);
    } else navigate();
  };

  const checkboxes = (name: string, list: Option[]) => (
    <ul className={styles.choices}>
      {list.map((option) => (
        <li key={option.value}>
          <label className={styles.choice}>
            <input type="checkbox" name={name} value={option.value} defaultChecked={has(name, option.value)} onChange={() => navigate()} />
            <span>{option.label}</span>
          </label>
        </li>
      ))}
    </ul>
  );

  return (
    <div className={styles.filters} aria-busy={pending || undefined} data-hydrated={hydrated || undefined}>
      <form
        // A landing page's new state (back, forward, another filter) resets the uncontrolled fields
        // to it; the search page keeps its fields, which hold what the user chose.
        key={onNavigate ? 'live' : JSON.stringify(values)}
        id={formId}
        ref={formRef}
        action={action}
        method="get"
        role="search"
        aria-label={labels.title}
        onSubmit={onSubmit}
      >
        <details className={styles.disclosure} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary ref={summaryRef} className={styles.filtersToggle}>
            {labels.title}
            {activeCount > 0 ? <span className={styles.count}>{activeCount}</span> : null}
          </summary>
          <div className={styles.panelBody}>
            <h2 className={styles.panelTitle}>{labels.title}</h2>
            {hidden.map(([name, value]) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ))}
            <label className={styles.field}>
              <span>{labels.travellers}</span>
              <select name="travellers" defaultValue={first('travellers') || '2'} {...submitsForm}>
                {options.travellers.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            {options.activity ? (
              <fieldset className={styles.group}>
                <legend>{labels.activity}</legend>
                {checkboxes('activity', options.activity)}
              </fieldset>
            ) : null}
            <fieldset className={styles.group}>
              <legend>{labels.type}</legend>
              <ul className={styles.choices}>
                {[{ value: '', label: labels.any }, ...options.type].map((option) => (
                  <li key={option.value || 'any'}>
                    <label className={styles.choice}>
                      <input type="radio" name="type" value={option.value} defaultChecked={first('type') === option.value} onChange={() => navigate()} />
                      <span>{option.label}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <fieldset className={styles.group}>
              <legend>{labels.level}</legend>
              {checkboxes('level', options.level)}
            </fieldset>
            <fieldset className={styles.group}>
              <legend>{labels.fitness}</legend>
              {checkboxes('fitness', options.fitness)}
            </fieldset>
            <label className={styles.field}>
              <span>{labels.duration}</span>
              <select name="duration" defaultValue={first('duration')} {...submitsForm}>
                <option value="">{labels.anyDuration}</option>
                {options.duration.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className={styles.group}>
              <legend>
                {labels.price} ({options.currency})
              </legend>
              <div className={styles.priceRange}>
                <label>
                  <span>{labels.priceMin}</span>
                  <input type="number" name="priceMin" min={0} step={1} inputMode="numeric" defaultValue={first('priceMin')} onBlur={() => navigate()} />
                </label>
                <label>
                  <span>{labels.priceMax}</span>
                  <input type="number" name="priceMax" min={0} step={1} inputMode="numeric" defaultValue={first('priceMax')} onBlur={() => navigate()} />
                </label>
              </div>
            </fieldset>
            <label className={styles.field}>
              <span>{labels.month}</span>
              <select name="month" defaultValue={first('month')} {...submitsForm}>
                <option value="">{labels.anyMonth}</option>
                {options.month.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.field}>
              <span>{labels.language}</span>
              <select name="language" defaultValue={first('language')} {...submitsForm}>
                <option value="">{labels.anyLanguage}</option>
                {options.language.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.choice}>
              <input type="checkbox" name="openGroups" value="1" defaultChecked={first('openGroups') === '1'} onChange={() => navigate()} />
              <span>{labels.openGroups}</span>
            </label>
            <div className={styles.actions}>
              <button type="submit" className={styles.apply}>
                {labels.apply}
              </button>
              <a href={clearHref} className={styles.clear}>
                {labels.clear}
              </a>
            </div>
            {onNavigate ? null : (
              <p className={styles.status} role="status" aria-live="polite">
                {pending ? labels.updating : ''}
              </p>
            )}
          </div>
        </details>
      </form>
    </div>
  );
}
