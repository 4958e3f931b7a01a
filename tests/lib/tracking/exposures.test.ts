import { describe, expect, it } from 'vitest';
import { exposureGate, EXPOSURES_KEY } from '../../../lib/tracking/exposures';

function session() {
  const data = new Map<string, string>();
  return { data, getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}
const exposure = (variant: string, device = 'd1', flag = 'deposit-banner') => ({ event_type: '$exposure', device_id: device, event_properties: { flag_key: flag, variant } });

describe('exposure once per flag and variant (spec §4)', () => {
  it('sends the first exposure and drops repeats, across page loads of the session', () => {
    const area = session();
    expect(exposureGate(() => area)(exposure('on'))).toBe(true);
    // a new page load: a new gate over the same session storage
    const nextPage = exposureGate(() => area);
    expect(nextPage(exposure('on'))).toBe(false);
    expect(JSON.parse(area.data.get(EXPOSURES_KEY)!)).toEqual({ 'd1|deposit-banner': 'on' });
  });
  it('sends again when the variant, the flag or the visitor changes', () => {
    const gate = exposureGate(() => session());
    expect(gate(exposure('on'))).toBe(true);
    expect(gate(exposure('off'))).toBe(true);
    expect(gate(exposure('on', 'd1', 'other-flag'))).toBe(true);
    expect(gate(exposure('on', 'd2'))).toBe(true);
  });
  it('lets every other event through', () => {
    const gate = exposureGate(() => session());
    expect(gate({ event_type: 'page_info' })).toBe(true);
    expect(gate({ event_type: 'page_info' })).toBe(true);
  });
  it('still works for the page when session storage throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const gate = exposureGate(() => throwing);
    expect(gate(exposure('on'))).toBe(true);
    expect(gate(exposure('on'))).toBe(false);
  });
});
