/**
 * The browser's measurement, loaded on demand after the page is interactive (never part of a
 * page's first load): one measurement per page life, the chatbot and Speed Insights loaders.
 * The Amplitude SDKs themselves are imported only once the visitor has accepted.
 */
import { fullLocales, isLocale } from '@/lib/locales';
import { getStorage } from '@/lib/storage';
import { CappedQueueStorage } from '@/lib/tracking/analytics-settings';
import { createMeasurement, type Measurement } from '@/lib/tracking/measurement';
import { previewVariant, unmeasured, type MeasurementConfig } from '@/lib/tracking/measurement-config';
import { chatbotScriptSrc, NON_MOBILE_QUERY, SPEED_INSIGHTS_SCRIPT } from '@/lib/tracking/third-party';
import { deviceFields } from '@/lib/tracking/user-agent';
import { currentConsent } from './consent-store';

let measurement: Measurement | null = null;

/**
 * The page's measurement, created once (spec §4: analytics initialises once, on first use) and
 * allowed as soon as the visitor has accepted, whichever island asks first.
 */
export function measurementFor(config: MeasurementConfig): Measurement {
  measurement ??= createMeasurement({
    // A marketer's preview of the deposit banner is not measured (no exposure, no event).
    config: previewVariant(window.location.search) === null ? config : unmeasured(config),
    loadAnalytics: () => import('@amplitude/analytics-browser'),
    loadExperiment: () => import('@amplitude/experiment-js-client'),
    target: document,
    enrichment: () => {
      const lang = document.documentElement.lang;
      return { ...deviceFields(navigator.userAgent), language: isLocale(lang) ? fullLocales[lang] : lang };
    },
    storageProvider: new CappedQueueStorage(() => getStorage()),
    sessionArea: () => {
      try {
        return window.sessionStorage;
      } catch {
        return null;
      }
    },
  });
  if (currentConsent() === 'accepted') measurement.allow();
  return measurement;
}

/** spec §7: the chatbot embed for non-mobile visitors, with the current URL; once per page life. */
export function loadChatbot(config: MeasurementConfig) {
  if (!config.chatbotScriptUrl || !window.matchMedia(NON_MOBILE_QUERY).matches) return;
  if (document.querySelector('script[data-chatbot]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = chatbotScriptSrc(config.chatbotScriptUrl, window.location.href);
  script.dataset.chatbot = '';
  document.body.appendChild(script);
}

/** spec §7: Vercel Speed Insights, from the site's own host. */
export function loadSpeedInsights() {
  void import('@vercel/speed-insights').then(({ injectSpeedInsights }) => injectSpeedInsights({ framework: 'next', scriptSrc: SPEED_INSIGHTS_SCRIPT })).catch(() => undefined);
}
