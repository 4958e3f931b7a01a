import { expect, test, type Locator } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { collectErrors, expectAccessible, expectNoHorizontalScroll, lookAt, perLocale } from './support';

const messages = { en, fr, es } as const;
const tmb = { en: '/trip/tour-du-mont-blanc-guided-hut-trek', fr: '/fr/trip/tour-du-mont-blanc-accompagne-en-refuges', es: '/es/trip/tour-del-mont-blanc-guiado-por-refugios' };

for (const locale of ['en', 'fr', 'es'] as const) {
  test(`${locale}: the trip page reads well, its tabs lead to their sections, language alternates are the trip in each language`, perLocale(locale), async ({ page }) => {
    const errors = collectErrors(page);
    const t = messages[locale].TripPage;
    await page.goto(tmb[locale]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const tabs = page.getByTestId('trip-tabs');
    for (const tab of ['reviews', 'included', 'assistance'] as const) {
      // On a busy machine a click can land before the router's first history write, which keeps the
      // URL it loaded (the page has scrolled to the section all the same): clicked again until the URL names it.
      await expect(async () => {
        await tabs.getByRole('link', { name: t.tabs[tab], exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`#${tab}$`), { timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 2, name: t.sectionTitles[tab] })).toBeInViewport();
      await expect(tabs.getByRole('link', { name: t.tabs[tab], exact: true })).toHaveAttribute('aria-current', 'location');
    }
    await expect(page.getByTestId('open-groups').getByText(t.groups.confirmed).first()).toBeVisible();
    for (const other of ['en', 'fr', 'es'] as const) {
      await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute('href', new RegExp(`${tmb[other]}$`));
    }
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
}

test('the page’s forms share one copy of their messages', async ({ request }) => {
  const html = await (await request.get(tmb.fr)).text();
  // A text of the shared `Forms` namespace that no page draws: it is in the messages sent once.
  expect(html.split(fr.Forms.errors.checkData).length - 1).toBe(1);
});

// A page's HTML arrives in pieces and the browser paints what it has: a card drawn above the text
// on phones but sent after it would push the text down once it arrives (a layout shift).
test('on phones, the trip\'s price card and the guide\'s question card come first in the HTML, as on screen', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the phone layout');
  for (const [path, card] of [
    [tmb.fr, 'booking-card'],
    ['/es/guide/anna-rossi', 'ask-guide-card'],
  ] as const) {
    await page.goto(path);
    const tops = await page.getByTestId(card).evaluate((element) => [...element.closest('aside')!.parentElement!.children].map((child) => child.getBoundingClientRect().top));
    expect(tops.length, path).toBeGreaterThan(1);
    expect(tops, path).toEqual([...tops].sort((a, b) => a - b));
  }
});

test.describe('prices on the trip page', () => {
  test('Cookie: currency=GBP shows pounds, with the deposit and remainder adding up', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-vercel-ip-country': 'CH' } });
    await context.addCookies([{ name: 'currency', value: 'GBP', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto(tmb.en);
    const card = page.getByTestId('booking-card');
    await expect(card.getByTestId('price-total')).toHaveText(/^£[\d,]+$/);
    const amount = async (id: string) => Number((await card.getByTestId(id).textContent())!.replace(/[^\d.]/g, ''));
    expect((await amount('price-deposit')) + (await amount('price-remainder'))).toBeCloseTo(await amount('price-total'), 2);
    await expect(card.getByTestId('converted-note')).toContainText('EUR');
    await expect(page.getByTestId('open-groups')).toContainText('£');
    await context.close();
  });

  test('a visitor from Switzerland sees francs, a failed geolocation dollars', async ({ browser, baseURL }) => {
    const swiss = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-vercel-ip-country': 'CH' } });
    const page = await swiss.newPage();
    await page.goto(tmb.fr);
    await expect(page.getByTestId('price-total')).toHaveText(/CHF/);
    await swiss.close();
    const nowhere = await browser.newContext({ baseURL });
    const other = await nowhere.newPage();
    await other.goto(tmb.es);
    await expect(other.getByTestId('price-total')).toHaveText(/US\$/);
    await nowhere.close();
  });

  test("a trip priced in a currency without a rate keeps its own currency (spec §4)", async ({ page }) => {
    await page.goto('/trip/santa-cruz-trek-cordillera-blanca');
    await expect(page.getByTestId('price-total')).toHaveText(/PEN|S\//);
    await expect(page.getByTestId('converted-note')).toHaveCount(0);
  });

  test('the traveller count changes the prices, defaults to 2 and is remembered', async ({ page }) => {
    await page.goto(tmb.en);
    const card = page.getByTestId('booking-card');
    await expect(card.getByTestId('traveller-count')).toHaveText('2 travellers');
    const totalFor2 = await card.getByTestId('price-total').textContent();
    await card.getByRole('button', { name: en.TripPage.booking.moreTravellers }).click();
    await expect(page).toHaveURL(/travellers=3/);
    await expect(card.getByTestId('traveller-count')).toHaveText('3 travellers');
    await expect(card.getByTestId('price-total')).not.toHaveText(totalFor2!);
    await expect(card).toContainText('Total for 3 travellers');
    expect(await page.evaluate(() => localStorage.getItem('travellers'))).toContain('3');
    // Back later, without the count in the URL: the remembered count applies.
    await page.goto(tmb.en);
    await expect(page).toHaveURL(/travellers=3/);
    await expect(card.getByTestId('traveller-count')).toHaveText('3 travellers');
  });

  test('every group size the guide takes is priced (decision 0110), and private-only trips', async ({ page }) => {
    // Entries for 4, 6, 8, 10: the card for 5 links to the trip at 5, priced as a group of 4.
    await page.goto('/fr/search?query=raquettes&travellers=5');
    await page.locator('a[href="/fr/trip/semaine-raquettes-vallee-de-chamonix?travellers=5"]').click();
    await expect(page.getByTestId('traveller-count')).toHaveText('5 voyageurs');
    await expect(page.getByTestId('no-pricing')).toHaveCount(0);
    await expect(page.getByTestId('price-basis')).toContainText('4');
    await expect(page.getByTestId('price-rule')).toContainText(fr.TripPage.prices.betweenRule);
    await page.goto('/es/trip/cuillin-ridge-traverse-skye');
    await expect(page.getByTestId('private-only')).toHaveText(es.TripPage.groups.privateOnly);
  });
});

test.describe('the booking bar on phones', () => {
  const configured = `http://127.0.0.1:${Number(process.env.E2E_CONFIGURED_PORT || Number(process.env.E2E_PORT || 3100) + 1)}`;
  const overlaps = async (a: Locator, b: Locator) => {
    const [one, two] = [(await a.boundingBox())!, (await b.boundingBox())!];
    return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
  };

  test('fr: it opens the drawer, steps aside while typing and waits for the consent answer', async ({ page }, testInfo) => {
    await page.goto(tmb.fr);
    const bar = page.getByTestId('booking-bar');
    if (testInfo.project.name !== 'mobile') {
      await expect(bar).toBeHidden();
      return;
    }
    await page.locator('#itinerary').scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expect(bar).toContainText('Total pour 2 voyageurs');
    expect(await overlaps(bar.locator('p'), bar.getByRole('link'))).toBe(false);
    await lookAt(page, 'fr-bar-375');
    const message = page.getByTestId('need-help-form').locator('textarea');
    await message.focus();
    await expect(bar).toBeHidden();
    await message.blur();
    await bar.getByRole('link', { name: fr.BookingForm.open }).click();
    const drawer = page.getByRole('dialog', { name: fr.BookingForm.title });
    await expect(drawer).toBeVisible();
    await expect(bar).toBeHidden();
    await lookAt(page, 'fr-drawer-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

    await page.goto(`${configured}${tmb.fr}`);
    const consent = page.getByTestId('consent-banner');
    await expect(consent).toBeVisible();
    await expect(bar).toBeHidden();
    await consent.getByRole('button', { name: fr.Consent.accept }).click();
    await expect(bar).toBeInViewport({ ratio: 1 });
  });
});

// The header and the tab strip stay readable over the page, and the strip marks the section being
// read: the last whose top has reached the line below them, at any scroll position (phones and desktop).
test('fr: the sticky header and tab strip are opaque, and the marked tab is the section being read', async ({ page, isMobile }) => {
  await page.goto(tmb.fr);
  const tabs = page.getByTestId('trip-tabs');
  const header = page.locator('header').filter({ has: page.locator('form[role=search]') }).first();
  for (const sticky of [header, tabs]) {
    expect(await sticky.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
  }
  // Stuck, the strip starts where the header ends (no gap for text to show through), across the whole screen on phones.
  await page.evaluate(() => window.scrollTo(0, document.getElementById('description')!.offsetTop));
  await expect(async () => {
    const [headerBox, stripBox] = await Promise.all([header.boundingBox(), tabs.boundingBox()]);
    expect(stripBox!.y).toBe(headerBox!.y + headerBox!.height);
    if (isMobile) expect([stripBox!.x, stripBox!.width]).toEqual([0, page.viewportSize()!.width]);
  }).toPass({ timeout: 3_000 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const mismatches: string[] = [];
  type Reading = { expected: string | null; marked: string | null };
  const agrees = ({ expected, marked }: Reading) => expected === null || expected === marked;
  for (let y = 0; y < height; y += 211) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // The strip follows the scroll a few frames later: on a loaded machine, give it up to 2 s.
    let read: Reading = { expected: null, marked: null };
    await expect(async () => {
      read = await tabs.evaluate((bar) => {
        const line = bar.getBoundingClientRect().bottom;
        const ids = [...bar.querySelectorAll<HTMLElement>('a[data-tab]')].map((link) => link.dataset.tab!);
        // Within 24 px below the strip counts as reached: a tab's link lands its section there.
        const reached = ids.filter((id) => document.getElementById(id)!.getBoundingClientRect().top <= line + 24);
        return { expected: reached.at(-1) ?? null, marked: bar.querySelector<HTMLElement>('a[aria-current="location"]')?.dataset.tab ?? null };
      });
      expect(agrees(read)).toBe(true);
    })
      .toPass({ timeout: 2_000 })
      .catch(() => undefined);
    if (!agrees(read)) mismatches.push(`${y}: ${read.expected} read, ${read.marked} marked`);
  }
  expect(mismatches).toEqual([]);
});

test('on phones, the tab strip scrolls sideways with a visible cue, by keyboard too', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the phone layout');
  await page.goto(tmb.fr);
  const strip = page.getByTestId('trip-tabs').locator('ul');
  const sizes = await strip.evaluate((list) => ({ scroll: list.scrollWidth, client: list.clientWidth, background: getComputedStyle(list).backgroundImage }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  // The shades on the sides still holding tabs (linear gradients, fixed to the strip).
  expect(sizes.background.match(/linear-gradient/g)?.length).toBe(4);
  // Tabbing to the last tab brings it into the strip's view.
  const last = strip.locator('a').last();
  await last.focus();
  await expect(last).toBeFocused();
  const visible = await last.evaluate((link) => {
    const list = link.closest('ul')!.getBoundingClientRect();
    const box = link.getBoundingClientRect();
    return box.left >= list.left - 1 && box.right <= list.right + 1;
  });
  expect(visible).toBe(true);
});
