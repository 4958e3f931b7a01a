// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsentBanner } from '@/components/measurement/consent-banner';
import { DepositBanner } from '@/components/measurement/deposit-banner';
import type { MeasurementConfig } from '@/lib/tracking/measurement-config';

const variant = vi.fn(async () => 'on' as string | null);
const track = vi.fn();
vi.mock('@/components/measurement/measurement-runtime', () => ({ measurementFor: () => ({ variant, track }) }));

const config = (forcedVariant: string | null): MeasurementConfig => ({
  analytics: { apiKey: 'k', serverUrl: 'http://127.0.0.1:9' },
  experiment: { deploymentKey: 'd', serverUrl: null, flagsServerUrl: null },
  depositBanner: { flagKey: 'deposit-banner', forcedVariant },
  chatbotScriptUrl: null,
  speedInsights: false,
  appVersion: '0.1.0',
});
const labels = { title: 'Cookies', text: 'We measure.', privacy: 'Privacy policy', accept: 'Accept', refuse: 'Refuse' };
const text = 'Reserve with 30 % now, pay 70 % later';

beforeEach(() => {
  localStorage.clear();
  variant.mockClear();
  track.mockClear();
});
afterEach(cleanup);

describe('deposit banner (spec §1)', () => {
  it('shows a forced on-variant without consent or assignment, closes and stays closed', async () => {
    const { unmount } = render(<DepositBanner config={config('on')} text={text} closeLabel="Close the banner" />);
    expect(await screen.findByText(text)).toBeVisible();
    expect(variant).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close the banner' }));
    expect(screen.queryByText(text)).toBeNull();
    expect(localStorage.getItem('bannerClosed')).toBe('true');
    unmount();
    render(<DepositBanner config={config('on')} text={text} closeLabel="Close the banner" />);
    expect(screen.queryByText(text)).toBeNull();
  });

  it('stays hidden for a forced off-variant', () => {
    render(<DepositBanner config={config('off')} text={text} closeLabel="Close" />);
    expect(screen.queryByText(text)).toBeNull();
  });

  it('asks the experiment only after consent, and shows its on-variant', async () => {
    render(
      <>
        <ConsentBanner labels={labels} privacyHref="/privacy-policy" />
        <DepositBanner config={config(null)} text={text} closeLabel="Close" />
      </>,
    );
    expect(screen.queryByText(text)).toBeNull();
    expect(variant).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(variant).toHaveBeenCalledWith('deposit-banner');
    expect(localStorage.getItem('cookieConsent')).toBe('accepted');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});

describe('consent banner', () => {
  it('remembers a refusal and shows the control: no banner, no assignment', async () => {
    render(
      <>
        <ConsentBanner labels={labels} privacyHref="/privacy-policy" />
        <DepositBanner config={config(null)} text={text} closeLabel="Close" />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(localStorage.getItem('cookieConsent')).toBe('refused');
    expect(screen.queryByText(text)).toBeNull();
    expect(variant).not.toHaveBeenCalled();
  });
});
