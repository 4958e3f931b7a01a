'use client';

import { useEffect } from 'react';
import { captureCampaignData, runStartupRules } from '@/lib/storage';
import { pushToDataLayer, type DataLayerEntry, type DataLayerTarget } from '@/lib/tracking/data-layer';
import type { MeasurementConfig } from '@/lib/tracking/measurement-config';
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

/**
 * Every page's measurement: spec §4 storage rules at start and the campaign of the visit, the
 * page's data layer entries (spec §5/§7), then after idle Speed Insights (no consent needed) and,
 * only once the visitor accepted, analytics events, the experiment and the chatbot.
 */
export function MeasurementIsland({ config, entries, userId }: { config: MeasurementConfig; entries: DataLayerEntry[]; userId: string | null }) {
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
      void runtime().then((loaded) => {
        const measurement = loaded.measurementFor(config);
        measurement.setUserId(userId);
        for (const { event, ...properties } of JSON.parse(key) as DataLayerEntry[]) measurement.track(event, properties);
        loaded.loadChatbot(config);
      });
    });
  }, [config, consent, key, userId]);

  return null;
}
