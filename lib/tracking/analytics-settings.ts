/**
 * Amplitude analytics and Experiment settings (spec §4 "Analytics", §7, §9). Only types come from
 * the SDKs here: the SDKs themselves are imported on demand by the browser after consent.
 */
import type { Types } from '@amplitude/analytics-browser';
import type { ExperimentConfig } from '@amplitude/experiment-js-client';
import type { MeasurementConfig } from './measurement-config';

type BrowserOptions = Types.BrowserOptions;
type Event = Types.Event;

/** spec §9 "Analytics": flush every 10 s (the SDK's default is 1 s), queue 30, 5 retries, session 30 min. */
export const ANALYTICS_LIMITS = {
  flushIntervalMillis: 10_000,
  flushQueueSize: 30,
  flushMaxRetries: 5,
  sessionTimeout: 30 * 60 * 1000,
} as const;

/** spec §9: the stored queue of unsent events keeps at most this many. */
export const STORED_QUEUE_CAP = 1000;

/** spec §9 "Experiment": fetch timeout 10 s, flag polling 60 s (the SDK's default is 5 min). */
export const EXPERIMENT_LIMITS = {
  fetchTimeoutMillis: 10_000,
  flagConfigPollingIntervalMillis: 60_000,
} as const;

/** spec §9 default origin tag: every event says it comes from the site unless it says otherwise. */
export const DEFAULT_ORIGIN = 'site';

/** Amplitude's HTTP API v2 batch upload path, appended to the configured server base. */
export const HTTP_API_PATH = '/2/httpapi';

/** The upload endpoint for a server base such as `https://api2.amplitude.com`. */
export function uploadUrl(serverBase: string): string {
  return `${serverBase.replace(/\/+$/, '')}${HTTP_API_PATH}`;
}

/** The part of Web Storage the queue storage needs. */
export type QueueBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The SDK's storage of unsent events, capped at {@link STORED_QUEUE_CAP} (the oldest kept, as the
 * SDK does); storage that throws (private mode, quota) only loses the copy, never the page.
 */
export class CappedQueueStorage {
  constructor(
    private readonly backend: () => QueueBackend | null,
    private readonly cap: number = STORED_QUEUE_CAP,
  ) {}

  async isEnabled(): Promise<boolean> {
    return this.backend() !== null;
  }

  async getRaw(key: string): Promise<string | undefined> {
    try {
      return this.backend()?.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  }

  async get(key: string): Promise<Event[] | undefined> {
    const raw = await this.getRaw(key);
    if (raw === undefined) return undefined;
    try {
      const parsed = JSON.parse(raw) as unknown;
      return Array.isArray(parsed) ? (parsed.slice(0, this.cap) as Event[]) : undefined;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: Event[]): Promise<void> {
    try {
      this.backend()?.setItem(key, JSON.stringify(Array.isArray(value) ? value.slice(0, this.cap) : value));
    } catch {
      // quota or private mode: the events stay in memory and are still sent
    }
  }

  async remove(key: string): Promise<void> {
    try {
      this.backend()?.removeItem(key);
    } catch {
      // nothing to do
    }
  }

  async reset(): Promise<void> {
    // The SDK only resets its own keys through remove(); the rest of storage is not ours to clear.
  }
}

/**
 * spec §4/§9: the options of `amplitude.init`. Autocapture, remote configuration and diagnostics
 * are off: the SDK calls nothing but the upload endpoint, and only with the events we send.
 */
export function analyticsOptions(config: NonNullable<MeasurementConfig['analytics']>, appVersion: string, storageProvider: BrowserOptions['storageProvider']): BrowserOptions {
  return {
    ...ANALYTICS_LIMITS,
    serverUrl: uploadUrl(config.serverUrl),
    useBatch: false,
    appVersion,
    autocapture: false,
    fetchRemoteConfig: false,
    remoteConfig: { fetchRemoteConfig: false },
    enableDiagnostics: false,
    storageProvider,
    trackingOptions: { ipAddress: true, language: true, platform: true },
    // LogLevel.None: a failed upload is retried by the SDK, not reported in the visitor's console.
    logLevel: 0 as Types.LogLevel,
  };
}

/**
 * spec §4/§9: the Experiment client's options. Retries (8 attempts, 500 ms to 10 s, factor 1.5,
 * on network errors, 5xx and 429), the 10 s identity wait, the library header and exposure once
 * per flag and variant are the SDK's own behaviour, kept on here.
 */
export function experimentOptions(config: MeasurementConfig['experiment']): ExperimentConfig {
  return {
    ...EXPERIMENT_LIMITS,
    ...(config.serverUrl ? { serverUrl: config.serverUrl } : {}),
    ...(config.flagsServerUrl ? { flagsServerUrl: config.flagsServerUrl } : {}),
    retryFetchOnFailure: true,
    automaticExposureTracking: true,
    fetchOnStart: true,
    pollOnStart: true,
    throwOnError: false,
    // LogLevel.Disable: failures are swallowed (spec §4), not printed.
    logLevel: 0 as NonNullable<ExperimentConfig['logLevel']>,
  };
}

/** The fields our enrichment adds to every event (spec §3 analytics user fields, spec §9 origin). */
export type EventEnrichment = { os: string; deviceModel: string; language: string };

/** spec §3/§9: os, device model and language on every event, and the default origin tag. */
export function enrichEvent(event: Event, fields: EventEnrichment): Event {
  return {
    ...event,
    os_name: event.os_name ?? fields.os,
    device_model: event.device_model ?? fields.deviceModel,
    language: fields.language,
    event_properties: { origin: DEFAULT_ORIGIN, ...event.event_properties },
  };
}
