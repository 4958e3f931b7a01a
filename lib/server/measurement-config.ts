import 'server-only';
import packageJson from '../../package.json';
import { env } from '../env';
import type { MeasurementConfig } from '../tracking/measurement-config';

/** The browser's third-party settings from env, read per request (see lib/tracking/measurement-config.ts). */
export function measurementConfig(): MeasurementConfig {
  return {
    analytics: env.NEXT_PUBLIC_AMPLITUDE_API_KEY ? { apiKey: env.NEXT_PUBLIC_AMPLITUDE_API_KEY, serverUrl: env.NEXT_PUBLIC_AMPLITUDE_SERVER_URL } : null,
    experiment: {
      deploymentKey: env.NEXT_PUBLIC_EXPERIMENT_DEPLOYMENT_KEY ?? null,
      serverUrl: env.NEXT_PUBLIC_EXPERIMENT_SERVER_URL ?? null,
      flagsServerUrl: env.NEXT_PUBLIC_EXPERIMENT_FLAGS_SERVER_URL ?? null,
    },
    depositBanner: { flagKey: env.NEXT_PUBLIC_DEPOSIT_BANNER_FLAG, forcedVariant: env.NEXT_PUBLIC_DEPOSIT_BANNER_VARIANT ?? null },
    chatbotScriptUrl: env.NEXT_PUBLIC_CHATBOT_SCRIPT_URL ?? null,
    speedInsights: env.NEXT_PUBLIC_SPEED_INSIGHTS === 'on',
    appVersion: packageJson.version,
  };
}
