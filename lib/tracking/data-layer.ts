/**
 * The page data layer for tag managers (spec §5 tracking rules, §7 "Tracking pushes to a page data
 * layer"): page info on every page, content info on trip pages and hotel blocks, search info on
 * search pages. Pure: the browser leaf only pushes what these functions return.
 */
import type { PageType } from '../routing/page-type';

/** A value that can go into a data-layer entry. */
export type TrackingValue = string | number | boolean | null | undefined | readonly TrackingValue[] | { readonly [key: string]: TrackingValue };

/** One push to `window.dataLayer`: an event name and its fields, with no empty value left. */
export type DataLayerEntry = { event: string } & Record<string, TrackingValue>;

function isEmpty(value: TrackingValue): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/**
 * spec §5: "empty values are dropped from tracking payloads": null, undefined, blank strings,
 * non-finite numbers, and arrays or objects that are empty once their own empty values are gone.
 * `false` and `0` are values, not empty.
 */
export function dropEmptyValues<T extends TrackingValue>(value: T): T | undefined {
  if (Array.isArray(value)) {
    const items = value.map((item: TrackingValue) => dropEmptyValues(item)).filter((item) => item !== undefined);
    return (items.length === 0 ? undefined : items) as T | undefined;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, dropEmptyValues(item as TrackingValue)] as const)
      .filter(([, item]) => item !== undefined);
    return (entries.length === 0 ? undefined : Object.fromEntries(entries)) as T | undefined;
  }
  return isEmpty(value) ? undefined : value;
}

function entry(event: string, fields: Record<string, TrackingValue>): DataLayerEntry {
  return { ...(dropEmptyValues(fields) ?? {}), event };
}

/** spec §7 page info, pushed on every page. */
export function pageInfo(page: { pageType: PageType; locale: string; currency: string | null }): DataLayerEntry {
  return entry('page_info', { page_type: page.pageType, locale: page.locale, currency: page.currency });
}

/** A trip as the trip page and the data layer know it. */
export type TrackedTrip = { id: number | string | null | undefined; city?: string | null; region?: string | null; country?: string | null };

/**
 * spec §5/§7 content info of a trip page (content_type product). spec §5: "trip-view tracking is
 * skipped without a trip id": null then.
 */
export function tripContentInfo(trip: TrackedTrip): DataLayerEntry | null {
  const id = trip.id === null || trip.id === undefined ? '' : String(trip.id).trim();
  if (id === '') return null;
  return entry('content_info', { content_type: 'product', content_ids: [id], city: trip.city, region: trip.region, country: trip.country });
}

/** spec §7 content info of a hotel block (content_type hotel); null without any hotel id. */
export function hotelContentInfo(hotelIds: readonly (number | string)[], place: Omit<TrackedTrip, 'id'>): DataLayerEntry | null {
  const ids = hotelIds.map((id) => String(id).trim()).filter(Boolean);
  if (ids.length === 0) return null;
  return entry('content_info', { content_type: 'hotel', content_ids: ids, city: place.city, region: place.region, country: place.country });
}

/**
 * spec §5/§7 search info. spec §5: "search tracking is skipped without a country or without trip
 * ids": null then.
 */
export function searchInfo(search: { country: string | null | undefined; tripIds: readonly (number | string)[]; query?: string | null }): DataLayerEntry | null {
  const country = search.country?.trim() ?? '';
  const ids = search.tripIds.map((id) => String(id).trim()).filter(Boolean);
  if (country === '' || ids.length === 0) return null;
  return entry('search_info', { country, content_ids: ids, query: search.query });
}

/** The page's data layer: the array tag managers read, created when missing. */
export type DataLayerTarget = { dataLayer?: unknown };

/** Pushes entries in order onto `target.dataLayer` (created as an array when absent). */
export function pushToDataLayer(target: DataLayerTarget, entries: readonly (DataLayerEntry | null)[]): void {
  if (!Array.isArray(target.dataLayer)) target.dataLayer = [];
  const layer = target.dataLayer as unknown[];
  for (const item of entries) if (item) layer.push(item);
}
