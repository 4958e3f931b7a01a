import { expect, test } from '@playwright/test';
import { collectErrors } from './support';

const everywhere = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy', 'content-security-policy'];

test.describe('security headers', () => {
  for (const path of ['/', '/fr/recherche', '/es/no-existe', '/api/health', '/api/v3/geolocation', '/assets/trips/alps-mont-blanc-ascent/cover.svg']) {
    test(`${path} answers with every security header`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      for (const name of everywhere) if (!path.startsWith('/assets')) expect(headers[name], name).toBeTruthy();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['strict-transport-security']).toContain('max-age=');
      if (headers['content-security-policy']) {
        // Pages: the site's policy; APIs: nothing at all may load or frame them.
        expect(headers['content-security-policy']).toContain(path.startsWith('/api') ? "default-src 'none'" : "object-src 'none'");
        expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      }
      expect(headers['set-cookie']).toBeUndefined();
    });
  }

  test('no answer names the app’s internal routes, from Next.js or from the front', async ({ request }) => {
    const search = await (await request.get('/search')).text();
    const trip = /href="(\/trip\/[^"?#]+)[?"]/.exec(search)![1]!;
    for (const path of ['/', trip, `${trip}?travellers=3`, '/fr/recherche', '/es/no-existe', '/account/sign-in', '/api/health']) {
      // The second load of a page cached whole is the front's answer.
      for (const attempt of [1, 2]) {
        const headers = (await request.get(path, { maxRedirects: 0 })).headers();
        const internal = Object.entries(headers).filter(([name, value]) => name.startsWith('x-middleware-') || name.startsWith('x-nextjs-rewrit') || value.includes('/cached/'));
        expect(internal, `${path} (${attempt})`).toEqual([]);
      }
    }
  });

  test('a page carries its request id, and the page policy lets the page run without a violation', async ({ page }) => {
    const errors = collectErrors(page);
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const response = await page.goto('/open-groups');
    expect(response!.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Rendered per visitor: its inline scripts run by this answer's nonce, never by 'unsafe-inline'.
    expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]+={0,2}'[ ;]/);
    expect(/script-src [^;]*/.exec(response!.headers()['content-security-policy']!)?.[0]).not.toContain("'unsafe-inline'");
    await page.getByRole('link', { name: /./ }).first().waitFor();
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
