import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { footerLinks } from '../lib/routing/site-links';
import { linkSettings } from '../lib/site-config';
import { staticPagePath } from '../lib/routing/static-pages';
import { collectErrors, expectAccessible, expectNoHorizontalScroll, homePath, locales, perLocale } from './support';

const messages = { en, fr, es } as const;
// Static pages take their titles from the seeded catalogue when it has them.
const seededStaticPages: { key: string; title: Record<string, string> }[] = existsSync('lib/db/seed/data/static-pages.json')
  ? JSON.parse(readFileSync('lib/db/seed/data/static-pages.json', 'utf8'))
  : [];
const staticTitle = (key: 'about' | 'faq', locale: (typeof locales)[number]) =>
  seededStaticPages.find((page) => page.key === key)?.title[locale] ?? messages[locale].StaticPage[key].title;
// The link settings of this configuration (the e2e server runs with the defaults of lib/env.ts).
const settings = linkSettings();

for (const locale of locales) {
  test.describe(`${locale}`, perLocale(locale), () => {
    test('home renders in its language with header, footer and booking promise', async ({ page }) => {
      const errors = collectErrors(page);
      const response = await page.goto(homePath[locale]);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['x-page-type']).toBe('home');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[locale].Home.heroTitle);
      await expect(page).toHaveTitle(messages[locale].Metadata.homeTitle);
      await expect(page.getByTestId('site-footer')).toContainText(messages[locale].Footer.copyright.replace('{year}', String(new Date().getFullYear())));
      await expect(page.getByRole('heading', { name: messages[locale].Home.promiseDeposit })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });

    test('footer links point at their localized paths', async ({ page }) => {
      await page.goto(homePath[locale]);
      const expected = footerLinks(settings, locale);
      for (const link of [...expected.company, ...expected.help, ...expected.guides]) {
        await expect(page.locator(`[data-footer-link="${link.key}"]`)).toHaveAttribute('href', link.href);
      }
      await expect(page.getByTestId('rescue-badge')).toHaveAttribute('href', staticPagePath('insurance', locale));
      const footerLanguages = page.getByTestId('site-footer').getByRole('navigation', { name: messages[locale].Footer.languagesHeading });
      await expect(footerLanguages.getByRole('link')).toHaveCount(3);
    });

    test('my trips link carries the locale in lan', async ({ page, isMobile }) => {
      await page.goto(homePath[locale]);
      if (isMobile) {
        await page.getByLabel(messages[locale].Header.openMenu).click();
        await expect(page.getByRole('link', { name: messages[locale].Header.myTrips })).toHaveAttribute('href', `/account/bookings?lan=${locale}`);
      } else {
        await expect(page.getByTestId('my-trips')).toHaveAttribute('href', `/account/bookings?lan=${locale}`);
      }
    });

    test('language switcher leads to the translated page', async ({ page }) => {
      const target = locale === 'en' ? 'fr' : 'en';
      await page.goto(staticPagePath('about', locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(staticTitle('about', locale));
      await page.getByTestId('locale-switcher').locator('summary').click();
      await page.getByTestId('locale-switcher').getByRole('link', { name: target === 'en' ? 'English' : 'Français' }).click();
      await expect(page).toHaveURL(new RegExp(`${staticPagePath('about', target)}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', target);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(staticTitle('about', target));
    });

    test('a static page shows its breadcrumb with the current page last', async ({ page }) => {
      const errors = collectErrors(page);
      const response = await page.goto(staticPagePath('faq', locale));
      expect(response?.headers()['x-page-type']).toBe('static');
      const crumbs = page.getByRole('navigation', { name: messages[locale].Breadcrumb.label });
      await expect(crumbs.getByRole('link', { name: messages[locale].Breadcrumb.home })).toHaveAttribute('href', homePath[locale]);
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(staticTitle('faq', locale));
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });

    test('an unknown page is a localized 404 with footer and newsletter', async ({ page }) => {
      const errors = collectErrors(page);
      const path = locale === 'en' ? '/a-made-up-page' : `/${locale}/a-made-up-page`;
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(response?.headers()['x-page-type']).toBe('landing');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[locale].NotFound.title);
      await expect(page.getByTestId('newsletter')).toBeVisible();
      await expect(page.getByTestId('site-footer')).toBeVisible();
      // One language version only: no switcher.
      await expect(page.getByTestId('locale-switcher')).toHaveCount(0);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });

    test('the newsletter opens the subscribe page in a new tab with the e-mail', async ({ page, context }) => {
      // The mailing-list host is a third party: answer it locally, and check what the browser asked for.
      const subscribe = new URL(settings.newsletterUrl);
      await context.route(`${subscribe.origin}/**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Subscribe</title><h1>Subscribed</h1></html>' }),
      );
      await page.goto(homePath[locale]);
      const email = `anna+${locale}@example.com`;
      await page.getByLabel(messages[locale].Newsletter.emailLabel).fill(email);
      const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: messages[locale].Newsletter.submit }).click()]);
      await popup.waitForLoadState();
      const url = new URL(popup.url());
      expect(`${url.origin}${url.pathname}`).toBe(`${subscribe.origin}${subscribe.pathname}`);
      expect(url.searchParams.get(settings.newsletterEmailParam)).toBe(email);
      for (const [key, value] of subscribe.searchParams) expect(url.searchParams.get(key)).toBe(value);
      expect(popup.url()).toContain(encodeURIComponent(email));
    });
  });
}

test('the mobile menu holds search and navigation at 375 px', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'mobile only');
  await page.goto('/fr');
  await expect(page.getByRole('navigation', { name: fr.Header.mainNavigation })).toBeHidden();
  await page.getByLabel(fr.Header.openMenu).click();
  await expect(page.getByRole('link', { name: fr.Header.openGroups, exact: true })).toBeVisible();
  await expect(page.locator('#site-search-mobile')).toBeVisible();
  await expectNoHorizontalScroll(page);
});

// The header's search is a combobox from the server HTML on (before any script runs), its listbox
// drawn hidden beside it; the home's search is one too, and its placeholder fits a phone's box. The
// server HTML is read once, by the desktop run (@server, playwright.config.ts).
for (const locale of locales) {
  test(`${locale}: the search boxes are collapsed comboboxes in the server HTML`, { tag: '@server' }, async ({ request }) => {
    const html = await (await request.get(homePath[locale])).text();
    const boxes = [...html.matchAll(/<input[^>]*\brole="combobox"[^>]*>/g)].map((match) => match[0]);
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    for (const box of boxes) {
      expect(box).toContain('aria-expanded="false"');
      expect(box).toContain('aria-autocomplete="list"');
      const list = /aria-controls="([^"]+)"/.exec(box)![1];
      expect(html).toMatch(new RegExp(`<ul id="${list}" role="listbox" aria-labelledby="[^"]+" hidden=""`));
    }
  });

  test(`${locale}: the home search's placeholder is whole in its box`, async ({ page }) => {
    await page.goto(homePath[locale]);
    const box = page.locator('#home-search');
    const fits = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
  });
}

