import { createHash } from 'node:crypto';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { openDrawer } from './support-booking';
import { collectErrors, homePath, locales } from './support';

const tmb = { en: '/trip/tour-du-mont-blanc-guided-hut-trek', fr: '/fr/trip/tour-du-mont-blanc-accompagne-en-refuges', es: '/es/trip/tour-del-mont-blanc-guiado-por-refugios' } as const;
const searchPath = { en: '/search?query=trek', fr: '/fr/search?query=trek', es: '/es/search?query=trek' } as const;
/** Pages drawn per visitor (searches are cached whole, so they carry hashes, not nonces). */
const perVisitorPath = { en: '/open-groups', fr: '/fr/open-groups' } as const;
const fakesPort = Number(process.env.FAKES_PORT || 4319);
const configuredSite = `http://127.0.0.1:${Number(process.env.E2E_CONFIGURED_PORT || Number(process.env.E2E_PORT || 3100) + 1)}`;

/** Every Content-Security-Policy header of an answer (a browser enforces each one). */
const policiesOf = (response: APIResponse) =>
  response
    .headersArray()
    .filter(({ name }) => name.toLowerCase() === 'content-security-policy')
    .map(({ value }) => value);

const directive = (policy: string, name: string) =>
  policy
    .split(/;\s*/)
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? null;

/** The one policy of an answer, strict wherever a script could run. */
function strictPolicyOf(response: APIResponse): string {
  const policies = policiesOf(response);
  expect(policies, `${response.url()}: one policy`).toHaveLength(1);
  const [policy] = policies as [string];
  const scripts = directive(policy, 'script-src') ?? directive(policy, 'default-src');
  expect(scripts, `${response.url()}: scripts governed`).not.toBeNull();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain('*');
  expect(directive(policy, 'object-src') ?? directive(policy, 'default-src')).toEqual(["'none'"]);
  expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
  expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  return policy;
}

/** The inline scripts a browser would run (not `src`, not data blocks such as JSON-LD), with their attributes. */
function inlineScripts(html: string): { attributes: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map(([, attributes = '', text = '']) => ({ attributes, text }))
    .filter(({ attributes }) => !/\ssrc=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes));
}

test.describe('Content-Security-Policy headers', () => {
  test('a page cached whole lists the hash of each of its inline scripts, the same for every visitor', async ({ request }) => {
    for (const path of ['/', '/fr', tmb.es]) {
      // The first answer renders and stores the page, the second comes from the stored copy.
      for (const attempt of [1, 2]) {
        const response = await request.get(path);
        expect(response.status()).toBe(200);
        const policy = strictPolicyOf(response);
        const scripts = directive(policy, 'script-src')!;
        expect(scripts.some((source) => source.startsWith("'nonce-")), `${path} #${attempt}`).toBe(false);
        const inline = inlineScripts(await response.text());
        expect(inline.length).toBeGreaterThan(0);
        for (const { text } of inline) expect(scripts, `${path} #${attempt}: ${text.slice(0, 60)}`).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
      }
    }
  });

  test('a page rendered per visitor carries a fresh nonce on every inline script', async ({ request }) => {
    const nonces: string[] = [];
    for (const path of [perVisitorPath.fr, '/account/sign-in?lan=es', '/es/no-existe']) {
      const response = await request.get(path);
      const scripts = directive(strictPolicyOf(response), 'script-src')!;
      const nonce = scripts.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, path).toBeTruthy();
      nonces.push(nonce!);
      const inline = inlineScripts(await response.text());
      expect(inline.length).toBeGreaterThan(0);
      for (const { attributes } of inline) expect(attributes, path).toContain(`nonce="${nonce}"`);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  test('APIs, SVG and other static files, bare 404s and redirects carry a policy under which nothing runs', async ({ request }) => {
    const answers: [string, number][] = [
      ['/api/health', 200],
      ['/assets/trips/alps-mont-blanc-ascent/cover.svg', 200],
      ['/icon.svg', 200],
      ['/robots.txt', 200],
      ['/api/no-such-api', 404],
      ['/_next/static/no-such-chunk.js', 404],
      ['/no-such-image.svg', 404],
      ['/fr/trip/tour-du-mont-blanc-guided-hut-trek', 308],
      ['/mobile/fr/trip/tour-du-mont-blanc-guided-hut-trek/?from=old', 308],
    ];
    for (const [path, status] of answers) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(status);
      const policy = strictPolicyOf(response);
      expect(directive(policy, 'default-src'), path).toEqual(["'none'"]);
      expect(directive(policy, 'script-src'), path).toBeNull();
    }
  });

  test("the page's scripts arrive from their compressed copies: brotli for a browser, gzip otherwise, immutable, under the same policy", async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = html.match(/\/_next\/static\/chunks\/[^"]+\.js/)?.[0];
    expect(script).toBeTruthy();
    for (const [accepted, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip']] as const) {
      const response = await request.get(script!, { headers: { 'accept-encoding': accepted } });
      expect(response.status(), accepted).toBe(200);
      expect(response.headers()['content-encoding'], accepted).toBe(encoding);
      expect(response.headers()['cache-control'], accepted).toMatch(/max-age=31536000.*immutable/);
      expect(response.headers()['vary'], accepted).toBe('Accept-Encoding');
      expect(directive(strictPolicyOf(response), 'default-src'), accepted).toEqual(["'none'"]);
    }
  });

  test('a page rendered on request leaves compressed as it streams: brotli for a browser, gzip otherwise', async ({ request }) => {
    for (const [accepted, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip']] as const) {
      const response = await request.get(perVisitorPath.fr, { headers: { 'accept-encoding': accepted } });
      expect(response.status(), accepted).toBe(200);
      expect(response.headers()['content-encoding'], accepted).toBe(encoding);
      expect(response.headers()['vary'], accepted).toMatch(/Accept-Encoding/);
      // Decoded by the client: the whole page, in French.
      expect(await response.text(), accepted).toContain('<html lang="fr"');
    }
  });

  test('a third party appears only when configured', async ({ request }) => {
    // The first app has only Sentry (its DSN on the fakes): no analytics, experiment nor chatbot host.
    const bare = strictPolicyOf(await request.get(perVisitorPath.en));
    const fakes = `http://127.0.0.1:${fakesPort}`;
    expect(bare).not.toContain('amplitude');
    expect(directive(bare, 'connect-src')).toEqual(["'self'", fakes]);
    expect(directive(bare, 'script-src')?.filter((source) => !source.startsWith("'nonce-"))).toEqual(["'self'"]);
    expect(directive(bare, 'frame-src')).toEqual(["'none'"]);
    const configured = strictPolicyOf(await request.get(`${configuredSite}${perVisitorPath.en}`));
    expect(directive(configured, 'connect-src')).toContain(fakes);
    expect(directive(configured, 'script-src')).toContain(fakes);
    expect(configured).not.toContain('amplitude.com');
  });
});

/** Records each CSP violation of the page (the DOM event and the console's report). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('the main pages run under their policy', () => {
  for (const locale of locales) {
    test(`${locale}: home, search, trip page with its booking drawer, sign-in: no violation`, async ({ page }) => {
      const violations = await watchViolations(page);
      const errors = collectErrors(page);
      await page.goto(homePath[locale]);
      await page.waitForLoadState('networkidle');
      await page.goto(searchPath[locale]);
      await page.waitForLoadState('networkidle');
      await page.goto(tmb[locale]);
      // The drawer is a client island: it opens only if the page's scripts ran.
      await openDrawer(page, locale);
      await page.goto(`/account/sign-in?lan=${locale}`);
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  // Desktop only (playwright.config.ts): the chatbot loads from 768 px.
  test('with every third party configured: no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(`${configuredSite}/`);
    await page.waitForLoadState('networkidle');
    await page.goto(`${configuredSite}${tmb.fr}`);
    await openDrawer(page, 'fr');
    expect(violations).toEqual([]);
  });
});
