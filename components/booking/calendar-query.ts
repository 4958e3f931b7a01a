import { queryOptions } from '@tanstack/react-query';
import type { CalendarMonth } from '@/lib/booking/calendar';

/** The URL of one month of a trip's calendar (app/api/v3/trips/[tripId]/calendar). */
export const tripCalendarUrl = (tripId: number, month: string) => `/api/v3/trips/${tripId}/calendar?month=${encodeURIComponent(month)}`;

/** The key of every month of a trip's calendar in the query cache (a prefix of each month's key). */
export const tripCalendarKey = (tripId: number) => ['trip-calendar', tripId] as const;

/**
 * One month (`YYYY-MM`) of a trip's calendar, for the calendar picker while it moves (conventions
 * §6): the same options serve a server prefetch and the client's useQuery. A month read here stays
 * fresh for a minute; a month that came with a cached page is read again at once (the picker).
 */
export function tripCalendarQuery(tripId: number, month: string) {
  return queryOptions({
    queryKey: [...tripCalendarKey(tripId), month] as const,
    queryFn: async ({ signal }): Promise<CalendarMonth> => {
      const response = await fetch(tripCalendarUrl(tripId, month), { signal, headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`Trip calendar ${tripId} ${month}: HTTP ${response.status}`);
      return (await response.json()) as CalendarMonth;
    },
    staleTime: 60_000,
  });
}
