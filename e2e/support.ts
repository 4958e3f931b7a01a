import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

export const locales = ['en', 'fr', 'es'] as const;

/**
 * The details of a test (or describe) written once per locale. At 1280 px every locale runs and
 * proves its texts; at 375 px the French one proves the phone's layout (its texts are the longest:
 * 73 k characters against 69 k in Spanish and 63 k in English), and the others are tagged
 * `@translation`, which the mobile project leaves out (playwright.config.ts).
 */
export function perLocale(locale: (typeof locales)[number]): { tag?: string } {
  return locale === 'fr' ? {} : { tag: '@translation' };
}

/**
 * A picture for a person to look at, in the test's output folder, taken only with
 * `E2E_SCREENSHOTS=1`: no check reads it, and CI would spend its CPU on pictures nobody opens.
 */
export async function lookAt(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const path = test.info().outputPath(`${name}.png`);
  await ('goto' in target ? target.screenshot({ path, ...options }) : target.screenshot({ path }));
}

export const homePath = { en: '/', fr: '/fr', es: '/es' } as const;

/** @axe-core/playwright: no serious or critical violation (WCAG 2.2 AA rules). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Nothing wider than the viewport (no horizontal scrolling at 375 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  // 1 px: Chromium rounds a layout of fractional widths up to one pixel past the viewport at times
  // (the guide page at 375 px, with no element past its edge); anything wider is a real overflow.
  expect(overflow).toBeLessThanOrEqual(1);
}

/** Collects console errors and uncaught exceptions of a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // Failed resources are reported with their URL by the response listener below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    const request = response.request();
    const isPageItself = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (response.status() >= 400 && !isPageItself) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

/**
 * Sends the button's form twice in one task, as a double click or a retry does before the page can
 * answer the first. A second mouse click would land on whatever replaced the form by then, so a
 * double click is not a reliable way to send twice under load.
 */
export async function submitTwice(button: Locator) {
  await button.evaluate((element) => {
    const submitter = element as HTMLButtonElement;
    submitter.form!.requestSubmit(submitter);
    submitter.form!.requestSubmit(submitter);
  });
}

/** A form's thank-you is on screen and has the focus (it is read out, and the focus stays in place). */
export async function expectThankYouInView(page: Page, title: string) {
  const heading = page.getByTestId('form-sent').getByRole('heading', { name: title });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
}
