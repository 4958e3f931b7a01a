import { describe, expect, it } from 'vitest';
import { analyticsOptions, CappedQueueStorage, enrichEvent, experimentOptions, STORED_QUEUE_CAP, uploadUrl, type QueueBackend } from '../../../lib/tracking/analytics-settings';

function memoryBackend(): QueueBackend & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) };
}

describe('analytics options (spec §9 "Analytics")', () => {
  const options = analyticsOptions({ apiKey: 'key', serverUrl: 'http://127.0.0.1:4419/' }, '1.2.3', undefined);

  it('flushes every 10 s (not the SDK default of 1 s), queue 30, 5 retries, session 30 min', () => {
    expect(options).toMatchObject({ flushIntervalMillis: 10_000, flushQueueSize: 30, flushMaxRetries: 5, sessionTimeout: 1_800_000 });
  });
  it('uploads to <base>/2/httpapi with the site version', () => {
    expect(options.serverUrl).toBe('http://127.0.0.1:4419/2/httpapi');
    expect(uploadUrl('https://api2.amplitude.com')).toBe('https://api2.amplitude.com/2/httpapi');
    expect(options.appVersion).toBe('1.2.3');
  });
  it('calls nothing else: no autocapture, remote configuration or diagnostics', () => {
    expect(options).toMatchObject({ autocapture: false, fetchRemoteConfig: false, remoteConfig: { fetchRemoteConfig: false }, enableDiagnostics: false });
  });
});

describe('experiment options (spec §9 "Experiment")', () => {
  it('polls flags every 60 s (not the SDK default of 5 min), fetch timeout 10 s, retries and exposure on', () => {
    expect(experimentOptions({ deploymentKey: 'k', serverUrl: 'http://127.0.0.1:1', flagsServerUrl: 'http://127.0.0.1:2' })).toMatchObject({
      flagConfigPollingIntervalMillis: 60_000,
      fetchTimeoutMillis: 10_000,
      retryFetchOnFailure: true,
      automaticExposureTracking: true,
      serverUrl: 'http://127.0.0.1:1',
      flagsServerUrl: 'http://127.0.0.1:2',
    });
  });
  it("leaves the SDK's servers when none is configured", () => {
    const options = experimentOptions({ deploymentKey: 'k', serverUrl: null, flagsServerUrl: null });
    expect(options).not.toHaveProperty('serverUrl');
    expect(options).not.toHaveProperty('flagsServerUrl');
  });
});

describe('stored queue of unsent events (spec §9: at most 1,000)', () => {
  it('keeps at most 1,000 events', async () => {
    const backend = memoryBackend();
    const storage = new CappedQueueStorage(() => backend);
    const events = Array.from({ length: 1_200 }, (_, index) => ({ event_type: `e${index}` }));
    await storage.set('queue', events);
    const stored = await storage.get('queue');
    expect(stored).toHaveLength(STORED_QUEUE_CAP);
    expect(stored?.[0]).toEqual({ event_type: 'e0' });
  });
  it('reads an oversized stored queue back capped, and garbage as nothing', async () => {
    const backend = memoryBackend();
    backend.data.set('queue', JSON.stringify(Array.from({ length: 1_500 }, () => ({ event_type: 'x' }))));
    backend.data.set('broken', '{not json');
    const storage = new CappedQueueStorage(() => backend);
    expect(await storage.get('queue')).toHaveLength(1_000);
    expect(await storage.get('broken')).toBeUndefined();
  });
  it('never throws when storage does (private mode, quota)', async () => {
    const throwing: QueueBackend = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const storage = new CappedQueueStorage(() => throwing);
    await expect(storage.set('queue', [{ event_type: 'x' }])).resolves.toBeUndefined();
    await expect(storage.get('queue')).resolves.toBeUndefined();
    await expect(storage.remove('queue')).resolves.toBeUndefined();
    expect(await new CappedQueueStorage(() => null).isEnabled()).toBe(false);
  });
});

describe('event enrichment (spec §3 user fields, spec §9 default origin)', () => {
  const fields = { os: 'iOS 17.4', deviceModel: 'iPhone', language: 'fr_FR' };
  it('adds os, device model, language and the site origin tag', () => {
    expect(enrichEvent({ event_type: 'page_info', event_properties: { page_type: 'home' } }, fields)).toMatchObject({
      os_name: 'iOS 17.4',
      device_model: 'iPhone',
      language: 'fr_FR',
      event_properties: { origin: 'site', page_type: 'home' },
    });
  });
  it('keeps an origin the event sets itself', () => {
    expect(enrichEvent({ event_type: 'x', event_properties: { origin: 'email' } }, fields).event_properties).toEqual({ origin: 'email' });
  });
});
