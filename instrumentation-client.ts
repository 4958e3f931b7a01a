import { publicEnv } from './lib/public-env';
import { sentryPrivacy, sentryReplayOptions, sentrySampling } from './lib/sentry-options';

// Browser Sentry, loaded after the page is interactive and only when a DSN is configured:
// neither the SDK nor session replay is part of any page's first load.
if (publicEnv.sentryDsn) {
  const start = () =>
    import('@sentry/nextjs')
      .then((Sentry) => {
        Sentry.init({
          dsn: publicEnv.sentryDsn,
          environment: publicEnv.sentryEnvironment,
          ...sentrySampling,
          ...sentryPrivacy,
          integrations: [Sentry.replayIntegration(sentryReplayOptions)],
        });
      })
      .catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void start());
  else setTimeout(() => void start(), 1);
}
