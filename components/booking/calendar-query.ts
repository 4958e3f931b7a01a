import { queryOptions } from '@tanstack/react-query';
import type { CalendarMonth } from '@/lib/booking/calendar';

/** The URL of one month of a trip's calendar (app/api/v3/trips/[tripId]/calendar). */
export const tripCalendarUrl = (tripId: number, month: string) => `/api/v3/trips/${tripId}/calendar?month=${encodeURIComponent(month)}`;

/**
 * One month (`YYYY-MM`) of a trip's calendar, for the calendar picker while it moves (conventions
 * §6): the same options serve a server prefetch and the client's useQuery. Fresh for a minute, as
 * long as the route's Cache-Control says.
 */
export function tripCalendarQuery(tripId: number, month: string) {
  return queryOptions({
    queryKey: ['trip-calendar', tripId, month] as const,
    queryFn: async ({ signal }): Promise<CalendarMonth> => {
      const response = await fetch(tripCalendarUrl(tripId, month), { signal, headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`Trip calendar ${tripId} ${month}: HTTP ${response.status}`);
      return (await response.json()) as CalendarMonth;
    },
    staleTime: 60_000,
  });
}
