/**
 * The measurement sequence (spec §4 "Analytics"): on first use after consent, analytics
 * initialises once, then the experiment client starts, then a document event says analytics is
 * initialised. Before consent events wait in memory; a refusal drops them and nothing ever loads.
 * The SDKs are passed in as loaders, so the browser imports them on demand and tests fake them.
 */
import type { Types } from '@amplitude/analytics-browser';
import type { ExperimentConfig } from '@amplitude/experiment-js-client';
import { analyticsOptions, enrichEvent, experimentOptions, type EventEnrichment } from './analytics-settings';
import { dropEmptyValues, type TrackingValue } from './data-layer';
import { exposureGate } from './exposures';
import type { MeasurementConfig } from './measurement-config';

/** spec §4: the document event dispatched once analytics (and then the experiment client) is ready. */
export const ANALYTICS_INITIALIZED_EVENT = 'cordee:analytics-initialized';

/** spec §8: what the console says when Experiment has no deployment key. */
export const EXPERIMENT_KEY_EMPTY = 'Experiment API key is empty';

/** Events kept in memory while the visitor has not chosen (the first page's views). */
export const PENDING_EVENTS_CAP = 30;

/** The part of `@amplitude/analytics-browser` used here. */
export type AnalyticsSdk = {
  init(apiKey: string, options?: Types.BrowserOptions): { promise: Promise<unknown> };
  add(plugin: Types.EnrichmentPlugin): { promise: Promise<unknown> };
  track(eventType: string, eventProperties?: Record<string, unknown>): { promise: Promise<unknown> };
  setUserId(userId: string | undefined): void;
};

/** The part of an Experiment client used here. */
export type ExperimentClientLike = {
  start(): Promise<unknown>;
  variant(key: string): { value?: string | null };
};

/** The part of `@amplitude/experiment-js-client` used here. */
export type ExperimentSdk = {
  Experiment: { initializeWithAmplitudeAnalytics(apiKey: string, config?: ExperimentConfig): ExperimentClientLike };
};

export type MeasurementDeps = {
  config: MeasurementConfig;
  loadAnalytics: () => Promise<AnalyticsSdk>;
  loadExperiment: () => Promise<ExperimentSdk>;
  /** Where the initialised event is dispatched (the document). */
  target: EventTarget;
  /** os, device model and language of this visitor (spec §3 analytics user fields), read per event. */
  enrichment: () => EventEnrichment;
  /** Where the exposures sent in this browser session are remembered (sessionStorage). */
  sessionArea?: () => Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The SDK's storage of unsent events. */
  storageProvider?: Types.BrowserOptions['storageProvider'];
  logger?: Pick<Console, 'warn'>;
};

type Session = { analytics: AnalyticsSdk | null; experiment: ExperimentClientLike | null };
type Consent = 'pending' | 'allowed' | 'refused';
export type EventProperties = Record<string, TrackingValue>;

/**
 * spec §4/§8: waits for the initialised event on `target`; rejects with 'Request timeout after N
 * milliseconds' when it does not come in time. `alreadyDone` answers at once when it has fired.
 */
export function waitForAnalytics(target: EventTarget, timeoutMs: number, alreadyDone: () => boolean = () => false): Promise<void> {
  return new Promise((resolve, reject) => {
    if (alreadyDone()) return resolve();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      target.removeEventListener(ANALYTICS_INITIALIZED_EVENT, done);
      reject(new Error(`Request timeout after ${timeoutMs} milliseconds`));
    }, timeoutMs);
    target.addEventListener(ANALYTICS_INITIALIZED_EVENT, done, { once: true });
  });
}

export function createMeasurement(deps: MeasurementDeps) {
  const { config } = deps;
  const logger = deps.logger ?? console;
  let consent: Consent = 'pending';
  let session: Promise<Session> | null = null;
  let initialized = false;
  let experimentKeyWarned = false;
  let userId: string | undefined;
  const pending: [string, Record<string, unknown>][] = [];
  const firstExposure = exposureGate(deps.sessionArea ?? (() => null));

  async function initAnalytics(): Promise<AnalyticsSdk | null> {
    if (!config.analytics) return null;
    try {
      const sdk = await deps.loadAnalytics();
      await sdk.add({ name: 'cordee-enrichment', type: 'enrichment', execute: async (event) => (firstExposure(event) ? enrichEvent(event, deps.enrichment()) : null) }).promise;
      await sdk.init(config.analytics.apiKey, { ...analyticsOptions(config.analytics, config.appVersion, deps.storageProvider), userId }).promise;
      return sdk;
    } catch {
      return null;
    }
  }

  async function startExperiment(analytics: AnalyticsSdk | null): Promise<ExperimentClientLike | null> {
    const key = config.experiment.deploymentKey;
    if (!key) {
      if (!experimentKeyWarned) logger.warn(EXPERIMENT_KEY_EMPTY);
      experimentKeyWarned = true;
      return null;
    }
    // The experiment client reads the visitor's identity from analytics: without it, no assignment.
    if (!analytics) return null;
    try {
      const { Experiment } = await deps.loadExperiment();
      const client = Experiment.initializeWithAmplitudeAnalytics(key, experimentOptions(config.experiment));
      // spec §4: failures in experiment start are swallowed (the SDK retries in the background).
      await client.start().catch(() => undefined);
      return client;
    } catch {
      return null;
    }
  }

  async function initialize(): Promise<Session> {
    const analytics = await initAnalytics();
    const experiment = await startExperiment(analytics);
    initialized = true;
    deps.target.dispatchEvent(new CustomEvent(ANALYTICS_INITIALIZED_EVENT, { detail: { analytics: analytics !== null, experiment: experiment !== null } }));
    return { analytics, experiment };
  }

  /** spec §4: initialises once, on first use. */
  function start(): Promise<Session> {
    session ??= initialize();
    return session;
  }

  function send(eventType: string, properties: Record<string, unknown>) {
    void start().then(({ analytics }) => analytics?.track(eventType, properties));
  }

  return {
    /** spec §5: tracks an event with its empty values dropped; kept in memory until consent. */
    track(eventType: string, properties: EventProperties = {}) {
      if (consent === 'refused') return;
      const clean = (dropEmptyValues(properties) ?? {}) as Record<string, unknown>;
      if (consent === 'allowed') return send(eventType, clean);
      if (pending.length < PENDING_EVENTS_CAP) pending.push([eventType, clean]);
    },
    /** spec §3 user_id: the signed-in person's analytics id (null when signed out). */
    setUserId(id: string | null) {
      userId = id ?? undefined;
      void session?.then(({ analytics }) => analytics?.setUserId(userId));
    },
    /** The visitor accepted: analytics and the experiment start, and the waiting events are sent. */
    allow() {
      if (consent === 'allowed') return;
      consent = 'allowed';
      void start();
      for (const [eventType, properties] of pending.splice(0)) send(eventType, properties);
    },
    /** The visitor refused: nothing loads and the waiting events are dropped. */
    refuse() {
      if (consent === 'allowed') return;
      consent = 'refused';
      pending.length = 0;
    },
    /**
     * spec §4: a flag's variant for this visitor, or null without consent or assignment. Reading it
     * tracks the exposure (the SDK sends one per flag and variant).
     */
    async variant(flagKey: string): Promise<string | null> {
      if (consent !== 'allowed') return null;
      const { experiment } = await start();
      try {
        return experiment?.variant(flagKey).value ?? null;
      } catch {
        return null;
      }
    },
    /** spec §4/§8: resolves once initialised; 'Request timeout after N milliseconds' otherwise. */
    waitForInitialization(timeoutMs: number): Promise<void> {
      return waitForAnalytics(deps.target, timeoutMs, () => initialized);
    },
  };
}

export type Measurement = ReturnType<typeof createMeasurement>;
