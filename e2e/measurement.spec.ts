import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import { expectAccessible } from './support';

// Two apps on one build: the default one has no browser third party configured; the configured
// one (playwright.config.ts) points Amplitude, Experiment and the chatbot at the local fakes.
const appPort = Number(process.env.E2E_PORT || 3100);
const configured = `http://127.0.0.1:${Number(process.env.E2E_CONFIGURED_PORT || appPort + 1)}`;
const fakes = `http://127.0.0.1:${Number(process.env.FAKES_PORT || 4319)}`;
const everest = '/trip/everest-base-camp-trek';
const tmbQuestion = '/trip/tour-du-mont-blanc-guided-hut-trek';
const speedInsightsScript = '/_vercel/speed-insights/script.js';

type AmplitudeEvent = { event_type: string; device_id?: string; user_id?: string; insert_id: string; platform?: string; os_name?: string; device_model?: string; language?: string; app_version?: string; event_properties?: Record<string, unknown> };
type Upload = { status: number; apiKey: string; clientUploadTime: string | null; events: AmplitudeEvent[] };
type ExperimentRequest = { path: string; deviceId: string | null; authorization: string | null; library: string | null };
type DataLayerEntry = Record<string, unknown> & { event: string };

const newDevice = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** How the fakes treat this device: the answers of its next uploads, its flag variant, a delay. */
async function setDevice(request: APIRequestContext, device: string, settings: { uploads?: number[]; variant?: 'on' | 'off'; delayMs?: number }) {
  expect((await request.put(`${fakes}/__amplitude/devices/${device}`, { data: settings })).status()).toBe(204);
}
async function uploadsOf(request: APIRequestContext, device: string): Promise<Upload[]> {
  return (await request.get(`${fakes}/__amplitude/uploads`, { params: { device } })).json() as Promise<Upload[]>;
}
async function experimentRequests(request: APIRequestContext, device?: string): Promise<ExperimentRequest[]> {
  return (await request.get(`${fakes}/__amplitude/experiment`, { params: device ? { device } : {} })).json() as Promise<ExperimentRequest[]>;
}
const eventsOf = (uploads: Upload[]) => uploads.filter((upload) => upload.status === 200).flatMap((upload) => upload.events);
/**
 * The SDK uploads every 10 s (spec §9) and retries after 1 s per attempt: a test that waits for
 * uploads installs the page's clock first, and each look moves it on 5 s, so the SDK's own timers
 * fire as they would, only sooner.
 */
async function uploadsAfterFlush(page: Page, request: APIRequestContext, device: string): Promise<Upload[]> {
  await page.clock.fastForward(5_000);
  return uploadsOf(request, device);
}

/** Notes the spec §4 'analytics initialised' document event of every page. */
async function watchInitialization(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('cordee:analytics-initialized', () => {
      (window as unknown as { analyticsInitialized: boolean }).analyticsInitialized = true;
    });
  });
}
async function initialized(page: Page) {
  await page.waitForFunction(() => (window as unknown as { analyticsInitialized?: boolean }).analyticsInitialized === true, undefined, { timeout: 20_000 });
  // One more frame: the banner's state is set right after the event.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
async function dataLayer(page: Page): Promise<DataLayerEntry[]> {
  await page.waitForFunction(() => Array.isArray((window as unknown as { dataLayer?: unknown[] }).dataLayer));
  return page.evaluate(() => (window as unknown as { dataLayer: DataLayerEntry[] }).dataLayer);
}
async function accept(page: Page) {
  const consent = page.getByTestId('consent-banner');
  await consent.getByRole('button', { name: en.Consent.accept }).click();
  await expect(consent).toHaveCount(0);
}
/** Page errors and console errors, without the Speed Insights script (served by Vercel, not here). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // Off Vercel the script's path is this app's 404 page, which nosniff refuses to run.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource') && !message.text().includes(speedInsightsScript)) errors.push(message.text());
  });
  return errors;
}

test.describe('without third-party configuration', () => {
  test('the site makes no request to any other host, shows no banner and still fills the data layer', async ({ page, baseURL }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    for (const path of ['/', '/search?country=NP', everest, '/fr/trip/tour-du-mont-blanc-accompagne-en-refuges', '/privacy-policy', '/blog', '/open-groups']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('consent-banner')).toHaveCount(0);
      await expect(page.getByTestId('deposit-banner')).toHaveCount(0);
      expect((await dataLayer(page)).some((entry) => entry.event === 'page_info')).toBe(true);
    }
    const origins = new Set(requested.filter((url) => url.startsWith('http')).map((url) => new URL(url).origin));
    expect([...origins]).toEqual([new URL(baseURL!).origin]);
    expect(requested.filter((url) => url.includes('/_vercel/'))).toEqual([]);
  });

  test('page, content and search info reach window.dataLayer (spec §5, §7)', async ({ page }) => {
    test.skip(test.info().project.name === 'mobile', 'no viewport involved');
    await page.goto(everest);
    const trip = await dataLayer(page);
    expect(trip[0]).toMatchObject({ event: 'page_info', page_type: 'trip', locale: 'en' });
    expect(typeof trip[0]!.currency).toBe('string');
    const [product, hotels] = trip.filter((entry) => entry.event === 'content_info');
    expect(product).toMatchObject({ content_type: 'product', country: 'NP', city: expect.any(String), region: expect.any(String) });
    expect(product!.content_ids).toHaveLength(1);
    expect(hotels).toMatchObject({ content_type: 'hotel', country: 'NP' });
    expect(hotels!.content_ids).toHaveLength(2);
    // spec §5: no empty value in any push.
    for (const entry of trip) for (const value of Object.values(entry)) expect(value === '' || value === null || (Array.isArray(value) && value.length === 0)).toBe(false);

    await page.goto('/fr/search?country=NP');
    const search = await dataLayer(page);
    expect(search[0]).toMatchObject({ event: 'page_info', page_type: 'search', locale: 'fr' });
    const info = search.find((entry) => entry.event === 'search_info');
    expect(info).toMatchObject({ country: 'NP' });
    expect((info!.content_ids as string[]).length).toBeGreaterThan(0);

    // spec §5: search tracking is skipped without a country.
    await page.goto('/search?query=trek');
    expect((await dataLayer(page)).map((entry) => entry.event)).toEqual(['page_info']);
    await page.goto('/');
    expect(await dataLayer(page)).toEqual([expect.objectContaining({ event: 'page_info', page_type: 'home' })]);
  });
});

test.describe('with analytics, Experiment and the chatbot configured (local fakes)', () => {
  test('nothing is called before consent, nor after a refusal; Speed Insights loads from the site itself', async ({ page }) => {
    const thirdParty: string[] = [];
    const ownScripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(fakes)) thirdParty.push(request.url());
      if (request.url().startsWith(configured)) ownScripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${configured}/`);
    const consent = page.getByTestId('consent-banner');
    await expect(consent).toBeVisible();
    await expect(consent.getByRole('link', { name: en.Consent.privacy })).toHaveAttribute('href', '/privacy-policy');
    await expect.poll(() => ownScripts.includes(speedInsightsScript)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(thirdParty).toEqual([]);

    await consent.getByRole('button', { name: en.Consent.refuse }).click();
    await expect(consent).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('refused');
    for (const path of ['/search?country=NP', '/fr']) {
      await page.goto(`${configured}${path}`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('consent-banner')).toHaveCount(0);
      // spec: a visitor who refuses sees the control.
      await expect(page.getByTestId('deposit-banner')).toHaveCount(0);
    }
    expect(thirdParty).toEqual([]);
  });

  test('the consent banner speaks the page language', async ({ page }) => {
    await page.goto(`${configured}/fr`);
    const consent = page.getByTestId('consent-banner');
    await expect(consent).toContainText(fr.Consent.title);
    await expect(consent.getByRole('link', { name: fr.Consent.privacy })).toHaveAttribute('href', '/fr/politique-de-confidentialite');
  });

  test('after consent: the banner follows the flag, exposure is sent once, payloads carry the user fields', async ({ page, request }) => {
    test.skip(test.info().project.name === 'mobile', 'the payloads do not depend on the viewport');
    test.setTimeout(90_000);
    const device = newDevice();
    await setDevice(request, device, { variant: 'on' });
    await watchInitialization(page);
    await page.clock.install();
    await page.goto(`${configured}/?ampDeviceId=${device}`);
    await accept(page);
    const banner = page.getByTestId('deposit-banner');
    await expect(banner.getByText(en.Payment.short)).toBeVisible();
    await expectAccessible(page);

    // spec §1: never on trip pages, even for the on-variant.
    await page.goto(`${configured}${everest}`);
    await initialized(page);
    await expect(banner).toHaveCount(0);

    await page.goto(`${configured}/search?country=NP`);
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: en.DepositBanner.close }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('bannerClosed'))).toBe('true');
    await page.reload();
    await initialized(page);
    await expect(banner).toHaveCount(0);

    // Every page view arrives, batched, with spec §3's user fields and the site origin tag.
    await expect.poll(async () => eventsOf(await uploadsAfterFlush(page, request, device)).filter((event) => event.event_type === 'page_info').length, { timeout: 45_000 }).toBeGreaterThanOrEqual(4);
    const uploads = await uploadsOf(request, device);
    expect(uploads.some((upload) => upload.status === 200 && upload.events.length > 1)).toBe(true);
    for (const upload of uploads) {
      expect(upload.apiKey).toBe('e2e-amplitude-key');
      expect(upload.clientUploadTime).toEqual(expect.any(String));
    }
    const events = eventsOf(uploads);
    const home = events.find((event) => event.event_type === 'page_info' && event.event_properties?.page_type === 'home');
    expect(home).toMatchObject({
      device_id: device,
      platform: 'Web',
      language: 'en_EN',
      app_version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      os_name: expect.stringMatching(/\w/),
      device_model: expect.stringMatching(/\w/),
      event_properties: { origin: 'site', page_type: 'home', locale: 'en', currency: expect.any(String) },
    });
    expect(home?.os_name).not.toBe('Unknown');
    expect(events.some((event) => event.event_type === 'content_info' && event.event_properties?.content_type === 'product')).toBe(true);
    expect(events.some((event) => event.event_type === 'deposit_banner_closed')).toBe(true);
    // spec §4: one exposure per flag and variant, over three pages that read the flag.
    const exposures = events.filter((event) => event.event_type === '$exposure');
    expect(exposures).toHaveLength(1);
    expect(exposures[0]!.event_properties).toMatchObject({ flag_key: 'deposit-banner', variant: 'on' });

    // spec §7: the deployment key in a header, library name and version sent.
    const evaluations = await experimentRequests(request, device);
    expect(evaluations.some((entry) => entry.path === '/sdk/v2/vardata' && entry.authorization === 'Api-Key client-e2e-deployment-key')).toBe(true);
    const flags = (await experimentRequests(request)).filter((entry) => entry.path === '/sdk/v2/flags');
    expect(flags.some((entry) => /^experiment-js-client\/\d/.test(entry.library ?? '') && entry.authorization === 'Api-Key client-e2e-deployment-key')).toBe(true);
  });

  test('a signed-in traveller is sent as the analytics user_id', async ({ page, request }) => {
    test.skip(test.info().project.name === 'mobile', 'no viewport involved');
    test.setTimeout(60_000);
    const device = newDevice();
    const email = `measured-${device}@example.com`;
    await setDevice(request, device, { variant: 'off' });
    await page.clock.install();
    await page.goto(`${configured}/account/bookings?ampDeviceId=${device}`);
    await accept(page);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel(en.Forms.labels.email).fill(email);
    await form.getByRole('button', { name: en.Account.signIn.submit }).click();
    await expect(page.getByTestId('form-sent')).toBeVisible();
    let link: string | null = null;
    await expect
      .poll(async () => {
        const mails = (await (await request.get(`${fakes}/smtp/messages`, { params: { to: email } })).json()) as { text: string }[];
        link = mails.map((mail) => mail.text.match(/https?:\/\/\S+token=[a-z2-7]{32}/)?.[0]).find(Boolean) ?? null;
        return link;
      }, { timeout: 15_000 })
      .not.toBeNull();
    await page.goto(`${configured}${link!.replace(/^https?:\/\/[^/]+/, '')}`);
    await page.getByTestId('confirm-sign-in').click();
    await page.waitForURL((url) => !url.pathname.includes('sign-in'));
    await page.goto(`${configured}/open-groups`);
    await expect
      .poll(async () => eventsOf(await uploadsAfterFlush(page, request, device)).some((event) => event.event_properties?.page_type === 'open-groups' && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(event.user_id ?? '')), { timeout: 30_000 })
      .toBe(true);
    // Never the e-mail address.
    expect(JSON.stringify(await uploadsOf(request, device))).not.toContain(email);
  });

  test('the banner stays hidden when the flag is off for the visitor', async ({ page, request }) => {
    const device = newDevice();
    await setDevice(request, device, { variant: 'off' });
    await watchInitialization(page);
    await page.goto(`${configured}/search?ampDeviceId=${device}`);
    await accept(page);
    await initialized(page);
    expect((await experimentRequests(request, device)).some((entry) => entry.path === '/sdk/v2/vardata')).toBe(true);
    await expect(page.getByTestId('deposit-banner')).toHaveCount(0);

    // A marketer's preview shows the variant without counting the view: Experiment is not asked
    // (no assignment, no exposure). The next, ordinary view of the same device is the only one asked.
    test.skip(test.info().project.name === 'mobile', 'no viewport involved');
    const previewed = newDevice();
    await setDevice(request, previewed, { variant: 'off' });
    await page.goto(`${configured}/search?ampDeviceId=${previewed}&preview-variant=on`);
    await expect(page.getByTestId('deposit-banner').getByText(en.Payment.short)).toBeVisible();
    await page.goto(`${configured}/search?ampDeviceId=${previewed}&preview-variant=nonsense`);
    await initialized(page);
    await expect(page.getByTestId('deposit-banner')).toHaveCount(0);
    await expect.poll(async () => (await experimentRequests(request, previewed)).filter((entry) => entry.path === '/sdk/v2/vardata').length).toBeGreaterThanOrEqual(1);
    expect((await experimentRequests(request, previewed)).filter((entry) => entry.path === '/sdk/v2/vardata')).toHaveLength(1);
    expect(eventsOf(await uploadsOf(request, previewed)).filter((event) => event.event_type === '$exposure' && event.event_properties?.variant === 'on')).toEqual([]);
  });

  test('uploads are retried after 500 and 429, not after 400', async ({ page, request }) => {
    test.skip(test.info().project.name === 'mobile', 'no viewport involved');
    test.setTimeout(90_000);
    await page.clock.install();
    const statusesAfterFlush = async (device: string) => (await uploadsAfterFlush(page, request, device)).map((upload) => upload.status);
    const retried = newDevice();
    await setDevice(request, retried, { uploads: [500, 429], variant: 'off' });
    await page.goto(`${configured}/?ampDeviceId=${retried}`);
    await accept(page);
    await expect.poll(() => statusesAfterFlush(retried), { timeout: 30_000 }).toEqual([500, 429, 200]);
    const attempts = await uploadsOf(request, retried);
    const ids = attempts.map((upload) => upload.events.map((event) => event.insert_id).sort());
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);

    const rejected = newDevice();
    await setDevice(request, rejected, { uploads: [400], variant: 'off' });
    await page.context().clearCookies();
    await page.goto(`${configured}/?ampDeviceId=${rejected}`);
    await expect.poll(() => statusesAfterFlush(rejected), { timeout: 30_000 }).toEqual([400]);
    const dropped = (await uploadsOf(request, rejected))[0]!.events.map((event) => event.insert_id);
    // A later page's events go out alone: the rejected ones were dropped, not retried.
    await page.goto(`${configured}/open-groups`);
    await expect.poll(() => statusesAfterFlush(rejected), { timeout: 30_000 }).toEqual([400, 200]);
    const later = (await uploadsOf(request, rejected))[1]!.events;
    expect(later.some((event) => event.event_properties?.page_type === 'open-groups')).toBe(true);
    expect(later.filter((event) => dropped.includes(event.insert_id))).toEqual([]);
  });

  test('the chatbot loads after consent with the page URL, for non-mobile visitors only', async ({ page, request, isMobile }) => {
    const chatbot = page.waitForRequest((req) => req.url().startsWith(`${fakes}/chatbot.js`), { timeout: isMobile ? 1 : 20_000 }).catch(() => null);
    await watchInitialization(page);
    const url = `${configured}/open-groups?chatbot=${newDevice()}`;
    await page.goto(url);
    await accept(page);
    await initialized(page);
    await page.waitForLoadState('networkidle');
    const loaded = await chatbot;
    if (isMobile) {
      expect(loaded).toBeNull();
      expect(await page.locator('script[data-chatbot]').count()).toBe(0);
    } else {
      expect(new URL(loaded!.url()).searchParams.get('url')).toBe(url);
      const calls = (await (await request.get(`${fakes}/__chatbot`)).json()) as { url: string }[];
      expect(calls.some((call) => call.url === url)).toBe(true);
    }
  });

  test('the site stays usable when the fakes are down', async ({ page }) => {
    const errors = pageErrors(page);
    await page.route(`${fakes}/**`, (route) => route.abort('connectionrefused'));
    await page.goto(`${configured}/`);
    await accept(page);
    await page.goto(`${configured}/search?query=nepal`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`${configured}${everest}`);
    await page.getByTestId('open-booking').click();
    await expect(page.getByRole('dialog', { name: en.BookingForm.title })).toBeVisible();
    await expect(page.getByTestId('deposit-banner')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the site stays usable when the fakes are slow', async ({ page, request }) => {
    const errors = pageErrors(page);
    const device = newDevice();
    await setDevice(request, device, { variant: 'on', delayMs: 20_000 });
    await page.goto(`${configured}${everest}?ampDeviceId=${device}`);
    await accept(page);
    await page.getByTestId('open-booking').click();
    await expect(page.getByRole('dialog', { name: en.BookingForm.title })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(`${configured}/open-groups`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a request sent after consent carries the advertising identifiers and the campaign', async ({ page, context }) => {
    test.skip(test.info().project.name === 'mobile', 'no viewport involved');
    const host = new URL(configured).hostname;
    await context.addCookies(
      Object.entries({ _gcl_aw: 'GCL.1700000000.e2eGclid', _ga: 'GA1.1.111.222', _ga_E2E: 'GS1.1.1700000000.1.0', _fbc: 'fb.1.1700000000.e2eFbclid' }).map(([name, value]) => ({ name, value, domain: host, path: '/' })),
    );
    await page.goto(`${configured}${tmbQuestion}?utm_source=e2e&gbraid=e2eGbraid`);
    await accept(page);
    await page.getByTestId('ask-guide').click();
    const dialog = page.getByRole('dialog', { name: en.GuideQuestion.title });
    await dialog.locator('input[autocomplete="given-name"]').fill('Ada');
    await dialog.locator('input[autocomplete="family-name"]').fill('Lovelace');
    await dialog.locator('input[autocomplete="email"]').fill(`ads-${newDevice()}@example.com`);
    await dialog.locator('textarea').fill('Which boots do you recommend for the huts in September?');
    await dialog.getByRole('checkbox').check();
    const sent = page.waitForRequest((req) => req.method() === 'POST' && (req.postData() ?? '').includes('adIdentifiers'));
    await dialog.getByRole('button', { name: en.GuideQuestion.submit }).click();
    const body = (await sent).postData() ?? '';
    for (const expected of ['e2eGclid', '111.222', '1700000000', 'fb.1.1700000000.e2eFbclid', 'e2eGbraid', 'utm_source']) expect(body).toContain(expected);
    await expect(dialog.getByTestId('form-sent')).toBeVisible();
  });
});
