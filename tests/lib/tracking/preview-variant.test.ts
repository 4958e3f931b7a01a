import { describe, expect, it } from 'vitest';
import { previewVariant, unmeasured, type MeasurementConfig } from '@/lib/tracking/measurement-config';

const config: MeasurementConfig = {
  analytics: { apiKey: 'key', serverUrl: 'https://amplitude.example' },
  experiment: { deploymentKey: 'client-key', serverUrl: null, flagsServerUrl: null },
  depositBanner: { flagKey: 'deposit-banner', forcedVariant: null },
  chatbotScriptUrl: null,
  speedInsights: false,
  appVersion: '1',
};

describe("a marketer's preview of the deposit banner", () => {
  it('takes a known variant from the query, whatever its case', () => {
    expect(previewVariant('?preview-variant=on')).toBe('on');
    expect(previewVariant('?travellers=3&preview-variant=Treatment')).toBe('treatment');
    expect(previewVariant('?preview-variant=off')).toBe('off');
  });

  it('ignores an unknown variant, an empty one, or none', () => {
    expect(previewVariant('?preview-variant=<script>')).toBeNull();
    expect(previewVariant('?preview-variant=')).toBeNull();
    expect(previewVariant('')).toBeNull();
  });

  it('measures nothing in a previewed view', () => {
    const settings = unmeasured(config);
    expect(settings.analytics).toBeNull();
    expect(settings.experiment.deploymentKey).toBeNull();
    expect(settings.depositBanner).toEqual(config.depositBanner);
  });
});
