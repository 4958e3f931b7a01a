'use client';

import { useEffect } from 'react';
import { captureCampaignData, runStartupRules } from '@/lib/storage';
import { pushToDataLayer, type DataLayerEntry, type DataLayerTarget } from '@/lib/tracking/data-layer';
import { ANALYTICS_USER_PATH, type MeasurementConfig } from '@/lib/tracking/measurement-config';
import { useConsent } from './consent-store';

/** Runs a task once the browser is idle (after the page is interactive); returns its cancel. */
function afterIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1);
  return () => clearTimeout(handle);
}

const runtime = () => import('./measurement-runtime');

/** The signed-in visitor's analytics user_id (spec §3), asked once consent is given: pages are cached for everyone. */
async function analyticsUserId(): Promise<string | null> {
  try {
    const response = await fetch(ANALYTICS_USER_PATH, { cache: 'no-store', credentials: 'same-origin' });
    const body = (await response.json()) as { userId?: unknown };
    return response.ok && typeof body.userId === 'string' ? body.userId : null;
  } catch {
    return null;
  }
}

/**
 * Every page's measurement: spec §4 storage rules at start and the campaign of the visit, the
 * page's data layer entries (spec §5/§7), then after idle Speed Insights (no consent needed) and,
 * only once the visitor accepted, analytics events, the experiment and the chatbot.
 */
export function MeasurementIsland({ config, entries }: { config: MeasurementConfig; entries: DataLayerEntry[] }) {
  const consent = useConsent();
  const key = JSON.stringify(entries);

  useEffect(() => {
    runStartupRules();
    captureCampaignData(window.location.href);
    pushToDataLayer(window as DataLayerTarget, JSON.parse(key) as DataLayerEntry[]);
  }, [key]);

  useEffect(() => {
    if (!config.speedInsights) return;
    return afterIdle(() => void runtime().then((loaded) => loaded.loadSpeedInsights()));
  }, [config.speedInsights]);

  useEffect(() => {
    // Before a choice, and after a refusal, nothing of it loads.
    if (consent !== 'accepted') return;
    return afterIdle(() => {
      void Promise.all([runtime(), analyticsUserId()]).then(([loaded, userId]) => {
        const measurement = loaded.measurementFor(config);
        measurement.setUserId(userId);
        for (const { event, ...properties } of JSON.parse(key) as DataLayerEntry[]) measurement.track(event, properties);
        loaded.loadChatbot(config);
      });
    });
  }, [config, consent, key]);

  return null;
}
