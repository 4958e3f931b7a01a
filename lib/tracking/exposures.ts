/**
 * spec §4: "Exposure is tracked once per flag and variant". The Experiment SDK remembers exposures
 * for one page life only; this gate remembers them for the browser session (sessionStorage), so
 * a visitor reading the same flag on every page sends one exposure until the variant changes.
 */
import type { Types } from '@amplitude/analytics-browser';

/** The sessionStorage key of the exposures sent in this session. */
export const EXPOSURES_KEY = 'experiment.exposures';
export const EXPOSURE_EVENT = '$exposure';

type SessionArea = Pick<Storage, 'getItem' | 'setItem'>;

/** Returns a filter that answers false for an exposure already sent (same device, flag and variant). */
export function exposureGate(area: () => SessionArea | null): (event: Types.Event) => boolean {
  const memory: Record<string, string> = {};
  const read = (): Record<string, string> => {
    try {
      const parsed = JSON.parse(area()?.getItem(EXPOSURES_KEY) ?? '{}') as unknown;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...(parsed as Record<string, string>), ...memory } : { ...memory };
    } catch {
      return { ...memory };
    }
  };
  return (event) => {
    if (event.event_type !== EXPOSURE_EVENT) return true;
    const properties = event.event_properties ?? {};
    const key = `${event.device_id ?? ''}|${String(properties.flag_key ?? '')}`;
    const variant = String(properties.variant ?? '');
    const sent = read();
    if (sent[key] === variant) return false;
    memory[key] = variant;
    try {
      area()?.setItem(EXPOSURES_KEY, JSON.stringify({ ...sent, [key]: variant }));
    } catch {
      // private mode or quota: remembered for this page only
    }
    return true;
  };
}
