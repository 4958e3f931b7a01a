import { activities, type Activity } from '../catalogue/vocabulary';
import { countryCurrency } from '../money/country-currency';

/** The open-groups page's filters: activity, month of departure (`YYYY-MM`) and country. */
export type OpenGroupFilters = { activity?: Activity; month?: string; countryCode?: string };

/** Departures per page of the open-groups page. */
export const OPEN_GROUPS_PAGE_SIZE = 20;

/** How many months ahead the month filter offers, the current one included. */
export const OPEN_GROUP_MONTHS = 12;

type QueryValue = string | string[] | undefined;

const first = (value: QueryValue): string | undefined => (Array.isArray(value) ? value[0] : value)?.trim();

/** `count` months from the month of `today` (ISO day), as `YYYY-MM`, the current month first. */
export function upcomingMonths(today: string, count = OPEN_GROUP_MONTHS): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, offset) => {
    const index = month + offset;
    return `${year + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** The first day of the month after `month` (`2026-12` → `2027-01-01`). */
export function nextMonthStart(month: string): string {
  const [next] = upcomingMonths(`${month}-01`, 2).slice(1);
  return `${next}-01`;
}

/**
 * The filters and page of an open-groups URL (`?activity=…&month=…&country=…&page=N`). A value the
 * page cannot use (unknown activity, a month outside the next 12, a code that is no ISO country, a
 * page that is not a positive whole number) is left out, never an error.
 */
export function parseOpenGroupQuery(query: Record<string, QueryValue>, today: string): { filters: OpenGroupFilters; page: number } {
  const filters: OpenGroupFilters = {};
  const activity = first(query.activity);
  if (activity && (activities as readonly string[]).includes(activity)) filters.activity = activity as Activity;
  const month = first(query.month);
  if (month && upcomingMonths(today).includes(month)) filters.month = month;
  const country = first(query.country)?.toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country) && countryCurrency(country)) filters.countryCode = country;
  const pageText = first(query.page);
  const page = pageText && /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  return { filters, page: Math.max(1, page) };
}

/** The open-groups URL's query for filters and a page (page 1 and empty filters are left out). */
export function openGroupQueryString(filters: OpenGroupFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.activity) params.set('activity', filters.activity);
  if (filters.month) params.set('month', filters.month);
  if (filters.countryCode) params.set('country', filters.countryCode);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
