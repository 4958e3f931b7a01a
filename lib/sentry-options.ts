/** spec §9 "Error reporting": all traces sampled, session replays 10 %, error replays 100 %, text masked. */
export const sentrySampling = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

export const sentryReplayOptions = { maskAllText: true, blockAllMedia: true } as const;
