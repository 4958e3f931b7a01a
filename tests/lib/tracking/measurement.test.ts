import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_INITIALIZED_EVENT, createMeasurement, EXPERIMENT_KEY_EMPTY, waitForAnalytics, type AnalyticsSdk, type ExperimentSdk } from '../../../lib/tracking/measurement';
import type { MeasurementConfig } from '../../../lib/tracking/measurement-config';

const baseConfig: MeasurementConfig = {
  analytics: { apiKey: 'amp-key', serverUrl: 'http://127.0.0.1:9' },
  experiment: { deploymentKey: 'deploy-key', serverUrl: null, flagsServerUrl: null },
  depositBanner: { flagKey: 'deposit-banner', forcedVariant: null },
  chatbotScriptUrl: null,
  speedInsights: false,
  appVersion: '0.1.0',
};

function fakes(options: { experimentStart?: () => Promise<unknown>; variant?: string } = {}) {
  const steps: string[] = [];
  const tracked: [string, Record<string, unknown> | undefined][] = [];
  const done = { promise: Promise.resolve() };
  const analytics: AnalyticsSdk = {
    setUserId: vi.fn(),
    add: vi.fn(() => done),
    init: vi.fn(() => {
      steps.push('analytics init');
      return done;
    }),
    track: vi.fn((eventType: string, properties?: Record<string, unknown>) => {
      tracked.push([eventType, properties]);
      return done;
    }),
  };
  const initializeWithAmplitudeAnalytics = vi.fn(() => ({
    start: () => {
      steps.push('experiment start');
      return options.experimentStart?.() ?? Promise.resolve();
    },
    variant: () => ({ value: options.variant ?? 'on' }),
  }));
  const experiment: ExperimentSdk = { Experiment: { initializeWithAmplitudeAnalytics } };
  const target = new EventTarget();
  target.addEventListener(ANALYTICS_INITIALIZED_EVENT, () => steps.push('initialized event'));
  const loadAnalytics = vi.fn(async () => analytics);
  const loadExperiment = vi.fn(async () => experiment);
  const logger = { warn: vi.fn() };
  return { steps, tracked, analytics, initializeWithAmplitudeAnalytics, target, loadAnalytics, loadExperiment, logger };
}

function measurementWith(f: ReturnType<typeof fakes>, config: MeasurementConfig = baseConfig) {
  return createMeasurement({ config, loadAnalytics: f.loadAnalytics, loadExperiment: f.loadExperiment, target: f.target, logger: f.logger, enrichment: () => ({ os: 'Linux', deviceModel: 'Linux PC', language: 'en_EN' }) });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('measurement (spec §4 "Analytics")', () => {
  it('initialises analytics, then starts the experiment, then dispatches the document event', async () => {
    const f = fakes();
    const measurement = measurementWith(f);
    measurement.allow();
    await measurement.waitForInitialization(1000);
    expect(f.steps).toEqual(['analytics init', 'experiment start', 'initialized event']);
    expect(f.initializeWithAmplitudeAnalytics).toHaveBeenCalledWith('deploy-key', expect.objectContaining({ flagConfigPollingIntervalMillis: 60_000 }));
    expect(f.analytics.init).toHaveBeenCalledWith('amp-key', expect.objectContaining({ flushIntervalMillis: 10_000 }));
  });

  it('initialises once, however many events are tracked', async () => {
    const f = fakes();
    const measurement = measurementWith(f);
    measurement.allow();
    measurement.track('a');
    measurement.track('b');
    await measurement.variant('deposit-banner');
    expect(f.loadAnalytics).toHaveBeenCalledTimes(1);
    expect(f.analytics.init).toHaveBeenCalledTimes(1);
    expect(f.initializeWithAmplitudeAnalytics).toHaveBeenCalledTimes(1);
  });

  it('loads nothing before consent, then sends the waiting events with their empty values dropped', async () => {
    const f = fakes();
    const measurement = measurementWith(f);
    measurement.track('page_info', { page_type: 'home', currency: '' });
    expect(await measurement.variant('deposit-banner')).toBeNull();
    await Promise.resolve();
    expect(f.loadAnalytics).not.toHaveBeenCalled();
    measurement.allow();
    await measurement.waitForInitialization(1000);
    await vi.waitFor(() => expect(f.tracked).toEqual([['page_info', { page_type: 'home' }]]));
  });

  it('loads nothing at all after a refusal, and drops the waiting events', async () => {
    const f = fakes();
    const measurement = measurementWith(f);
    measurement.track('page_info', { page_type: 'home' });
    measurement.refuse();
    measurement.track('later');
    expect(await measurement.variant('deposit-banner')).toBeNull();
    expect(f.loadAnalytics).not.toHaveBeenCalled();
    expect(f.loadExperiment).not.toHaveBeenCalled();
  });

  it('sends the signed-in user id (spec §3 user_id): at init, and on a later change', async () => {
    const f = fakes();
    const measurement = measurementWith(f);
    measurement.setUserId('user-7');
    measurement.allow();
    await measurement.waitForInitialization(1000);
    expect(f.analytics.init).toHaveBeenCalledWith('amp-key', expect.objectContaining({ userId: 'user-7' }));
    measurement.setUserId(null);
    await vi.waitFor(() => expect(f.analytics.setUserId).toHaveBeenCalledWith(undefined));
  });

  it("answers the flag's variant after consent", async () => {
    const f = fakes({ variant: 'on' });
    const measurement = measurementWith(f);
    measurement.allow();
    expect(await measurement.variant('deposit-banner')).toBe('on');
  });

  it('swallows a failing experiment start, and still signals initialisation', async () => {
    const f = fakes({ experimentStart: () => Promise.reject(new Error('Request timeout after 10000 milliseconds')) });
    const measurement = measurementWith(f);
    measurement.allow();
    await expect(measurement.waitForInitialization(1000)).resolves.toBeUndefined();
    expect(f.steps).toEqual(['analytics init', 'experiment start', 'initialized event']);
  });

  it('swallows an SDK that cannot be loaded: no analytics, no experiment, no banner', async () => {
    const f = fakes();
    f.loadAnalytics.mockRejectedValueOnce(new Error('chunk failed'));
    const measurement = measurementWith(f);
    measurement.allow();
    expect(await measurement.variant('deposit-banner')).toBeNull();
    expect(f.loadExperiment).not.toHaveBeenCalled();
  });

  it("says 'Experiment API key is empty' once without a deployment key, and assigns no variant", async () => {
    const f = fakes();
    const measurement = measurementWith(f, { ...baseConfig, experiment: { deploymentKey: null, serverUrl: null, flagsServerUrl: null } });
    measurement.allow();
    expect(await measurement.variant('deposit-banner')).toBeNull();
    expect(await measurement.variant('deposit-banner')).toBeNull();
    measurement.track('x');
    await measurement.waitForInitialization(1000);
    expect(f.logger.warn).toHaveBeenCalledTimes(1);
    expect(f.logger.warn).toHaveBeenCalledWith(EXPERIMENT_KEY_EMPTY);
    expect(f.loadExperiment).not.toHaveBeenCalled();
  });
});

describe('waiting for analytics (spec §8 "Request timeout after N milliseconds")', () => {
  it('times out cleanly with the spec message', async () => {
    vi.useFakeTimers();
    const waiting = waitForAnalytics(new EventTarget(), 2500);
    vi.advanceTimersByTime(2500);
    await expect(waiting).rejects.toThrow('Request timeout after 2500 milliseconds');
  });
  it('resolves on the document event', async () => {
    const target = new EventTarget();
    const waiting = waitForAnalytics(target, 2500);
    target.dispatchEvent(new CustomEvent(ANALYTICS_INITIALIZED_EVENT));
    await expect(waiting).resolves.toBeUndefined();
  });
  it('resolves at once when analytics is already initialised', async () => {
    await expect(waitForAnalytics(new EventTarget(), 1, () => true)).resolves.toBeUndefined();
  });
});
