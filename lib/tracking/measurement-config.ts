/**
 * What the browser needs to know about the third parties (spec §4, §7), read from env on the
 * server at request time (lib/env.ts) and handed to the client islands as props, so one build
 * serves a configured and an unconfigured site. A null part is switched off: nothing of it loads.
 */
export type MeasurementConfig = {
  /** Amplitude analytics: project key and the HTTP API base (`/2/httpapi` is appended). */
  analytics: { apiKey: string; serverUrl: string } | null;
  /** Amplitude Experiment: deployment key (null: 'Experiment API key is empty'), evaluation and flags servers. */
  experiment: { deploymentKey: string | null; serverUrl: string | null; flagsServerUrl: string | null };
  /** spec §1 deposit banner: its flag key, and a variant forced for QA and demos (null: Amplitude decides). */
  depositBanner: { flagKey: string; forcedVariant: string | null };
  /** The chatbot embed script (non-mobile visitors); null: none. */
  chatbotScriptUrl: string | null;
  /** Vercel Speed Insights (same-origin script); false: not loaded. */
  speedInsights: boolean;
  /** The site's version, sent as the analytics `version` field. */
  appVersion: string;
};

/** Whether anything that needs the visitor's consent is configured (else no consent banner is shown). */
export function needsConsent(config: MeasurementConfig): boolean {
  return config.analytics !== null || config.chatbotScriptUrl !== null;
}

/** spec §1: the flag variants that show the deposit banner ('on' is Amplitude's default for a flag). */
export function isDepositBannerVariant(value: string | null | undefined): boolean {
  return value === 'on' || value === 'treatment' || value === 'true';
}

/**
 * A marketer's preview: `?preview-variant=on` (or `treatment`, `true`; `off`, `control` to see the
 * page without the banner) on any page shows that variant of the deposit-banner experiment in this
 * browser only. The view is not measured: no assignment, no exposure, no Amplitude event. Read in
 * the browser from the address, never on the server, so no cached page holds a previewed variant.
 */
export const PREVIEW_VARIANT_PARAM = 'preview-variant';

const previewableVariants = new Set(['on', 'treatment', 'true', 'off', 'control']);

/** The variant a page's query asks to preview, or null (no parameter, or a variant unknown to the banner). */
export function previewVariant(search: string): string | null {
  const asked = new URLSearchParams(search).get(PREVIEW_VARIANT_PARAM)?.trim().toLowerCase() ?? '';
  return previewableVariants.has(asked) ? asked : null;
}

/** The settings of a previewed view: the same, with analytics and Experiment switched off. */
export function unmeasured(config: MeasurementConfig): MeasurementConfig {
  return { ...config, analytics: null, experiment: { ...config.experiment, deploymentKey: null } };
}

/** Where the browser asks the signed-in visitor's analytics user_id (`{ userId }`, null when signed out). */
export const ANALYTICS_USER_PATH = '/api/analytics-user';
