import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import en from '../../messages/en.json';
import { photoCacheTag } from '../../lib/server/http-cache-policy';
import type { ReceivedMail } from '../support-mail';

// Two instances behind Varnish (playwright.cluster.config.ts). Its own database (seeded each run): a trip with open groups.
const tripPath = '/trip/manaslu-circuit-trek';
const instanceA = `http://127.0.0.1:${Number(process.env.E2E_CLUSTER_APP_PORT || 3102)}`;
const instanceB = `http://127.0.0.1:${Number(process.env.E2E_CLUSTER_APP_PORT || 3102) + 1}`;
const fakes = `http://127.0.0.1:${Number(process.env.FAKES_PORT || 4319)}`;
const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const euros = { Cookie: 'currency=EUR' };

/** The open spots of `group` in a page's HTML. */
const spotsIn = (html: string, group: string) =>
  html.match(new RegExp(`data-group="${group}"[^>]*data-open-spots="(\\d+)"|data-open-spots="(\\d+)"[^>]*data-group="${group}"`))?.slice(1).find(Boolean);

/** Through Varnish until it answers from its cache (each instance renders the page once first). */
async function cachedThroughVarnish(request: APIRequestContext) {
  let html = '';
  await expect
    .poll(async () => {
      const response = await request.get(tripPath, { headers: euros });
      html = await response.text();
      return response.headers()['x-varnish-cache'];
    })
    .toBe('HIT');
  return html;
}

test('a join on one instance shows its new open spots through Varnish within 2 s', async ({ page, request }) => {
  const html = await cachedThroughVarnish(request);
  const group = html.match(/data-group="([^"]+)"(?![^>]*data-full)/)?.[1];
  expect(group).toBeTruthy();
  const before = Number(spotsIn(html, group!));
  expect(before).toBeGreaterThan(1);

  // The join goes to instance A directly; Varnish round-robins between A and B.
  await page.goto(`${instanceA}${tripPath}`);
  const row = page.locator(`[data-testid="open-groups"] li[data-group="${group}"]`);
  await row.getByTestId('join-group').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(unique('varnish-join'));
  await dialog.getByLabel('Number of travellers').fill('1');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: en.OpenGroupJoin.join }).click();
  // An anonymous join holds its place until its address is confirmed: the spot is taken at once.
  await expect(dialog.getByTestId('form-sent')).toContainText(en.OpenGroupJoin.heldTitle);

  // The acceptance bound: Varnish purged by tag, and neither instance serves the old page any more.
  await expect
    .poll(async () => spotsIn(await (await request.get(tripPath, { headers: euros })).text(), group!), { timeout: 2_000, intervals: [100] })
    .toBe(String(before - 1));
});

async function mailsTo(request: APIRequestContext, address: string): Promise<ReceivedMail[]> {
  return (await (await request.get(`${fakes}/smtp/messages`, { params: { to: address } })).json()) as ReceivedMail[];
}

/** Signs in through Varnish with a one-time link. */
async function signIn(page: Page, email: string) {
  await page.goto('/account/bookings');
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel(en.Forms.labels.email).fill(email);
  await form.getByRole('button', { name: en.Account.signIn.submit }).click();
  await expect(page.getByTestId('form-sent')).toContainText(en.Account.signIn.sentTitle);
  let link: string | undefined;
  await expect
    .poll(async () => (link = (await mailsTo(page.request, email)).at(-1)?.text.match(/https?:\/\/\S+token=[a-z2-7]{32}/)?.[0]), { timeout: 15_000 })
    .toBeTruthy();
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByTestId('confirm-sign-in').click();
  await expect(page).not.toHaveURL(/token=/);
}

test('a signed-in page is never served from Varnish to another visitor', async ({ browser, request }) => {
  const accounts = [unique('varnish-one'), unique('varnish-two')];
  const pages = await Promise.all(accounts.map(async () => (await browser.newContext()).newPage()));
  for (const [index, email] of accounts.entries()) await signIn(pages[index]!, email);

  // Each, in turn and again, asks for the same URLs: each gets its own page, never a cached one.
  for (let round = 0; round < 2; round += 1) {
    for (const [index, page] of pages.entries()) {
      const response = await page.goto('/account/bookings');
      expect(response!.headers()['x-varnish-cache']).toBe('PASS');
      expect(response!.headers()['cache-control']).toBe('private, no-store');
      await expect(page.getByTestId('no-requests')).toContainText(accounts[index]!);
      await expect(page.getByTestId('no-requests')).not.toContainText(accounts[1 - index]!);
      // A page shared by everyone is not shared with a signed-in visitor either way.
      const trip = await page.goto(tripPath);
      expect(trip!.headers()['x-varnish-cache']).not.toBe('HIT');
      expect(trip!.headers()['cache-control']).toBe('private, no-store');
    }
  }
  // A visitor without a session, through Varnish and at each instance's own front, gets the sign-in
  // form: neither account's page was kept by any cache on the way.
  for (const base of ['', instanceA, instanceB]) {
    const anonymous = await request.get(`${base}/account/bookings`, { headers: { Cookie: '' } });
    const html = await anonymous.text();
    expect(anonymous.status()).toBe(200);
    expect(html).toContain('data-testid="sign-in-form"');
    for (const email of accounts) expect(html).not.toContain(email);
    expect(anonymous.headers()['x-varnish-cache'] ?? 'none').not.toBe('HIT');
    expect(anonymous.headers()['x-front-cache'] ?? 'none').not.toBe('HIT');
  }
  await Promise.all(pages.map((page) => page.context().close()));
});

test('a public trip photo is kept once for every currency, and its tag’s purge takes it out', async ({ request }) => {
  const html = await (await request.get('/trip/tour-du-mont-blanc-guided-hut-trek', { headers: euros })).text();
  const photo = html.match(/\/media\/photos\/[A-Za-z0-9_-]+\/480\.webp/)?.[0];
  expect(photo).toBeTruthy();
  await expect.poll(async () => (await request.get(photo!, { headers: euros })).headers()['x-varnish-cache']).toBe('HIT');
  // Another currency is the same copy (photos are keyed without it).
  expect((await request.get(photo!, { headers: { Cookie: 'currency=JPY' } })).headers()['x-varnish-cache']).toBe('HIT');
  // What the app sends when the trip is unpublished or the photo deleted (lib/server/invalidate.ts).
  const purge = await request.fetch('/', { method: 'PURGE', headers: { 'xkey-purge': photoCacheTag(photo!.split('/')[3]!) } });
  expect(purge.status()).toBe(200);
  expect((await request.get(photo!, { headers: euros })).headers()['x-varnish-cache']).toBe('MISS');
});
