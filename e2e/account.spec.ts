import { expect, test, type Locator, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { collectErrors, expectAccessible, expectNoHorizontalScroll, locales, perLocale } from './support';
import { fillBookingDrawer, openDrawer } from './support-booking';
import { expectNoRowIds, mailsTo, signIn, signInLinkFor, unique } from './support-account';

const messages = { en, fr, es } as const;
const tmb = '/trip/tour-du-mont-blanc-guided-hut-trek';
const guideMailbox = 'chamonix-alpine-guides@guides.cordee.example';

async function sendBookingRequest(page: Page, email: string, lastName: string) {
  await page.goto(tmb);
  const drawer = await openDrawer(page, 'en');
  await fillBookingDrawer(page, drawer, { lastName, email, comment: 'Could we start a day later and add a rest day in Courmayeur?' });
  await drawer.getByRole('button', { name: en.BookingForm.submit }).click();
  await expect(drawer.getByTestId('form-sent')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** Whether a subject is one of `key`'s in any language (the guide reads e-mails in their own). */
const isSubject = (subject: string, key: 'acceptedSubject' | 'cancelledSubject') =>
  locales.some((locale) => new RegExp(`^${messages[locale].Emails.status[key].replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`).test(subject));

const threadOf = (page: Page, text: string): Locator => page.getByTestId('request-thread').filter({ hasText: text });

test.describe('account area', () => {
  for (const locale of locales) {
    test(`${locale}: My trips and the guide login ask to sign in, in the page's language`, perLocale(locale), async ({ page }) => {
      const m = messages[locale];
      const errors = collectErrors(page);
      const myTrips = await page.goto(`/account/bookings?lan=${locale}`);
      expect(myTrips?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Account.signIn.title);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const guide = await page.goto(`/account/guide?lan=${locale}`);
      expect(guide?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Account.signIn.guideTitle);
      await page.getByTestId('sign-in-form').getByRole('button', { name: m.Account.signIn.submit }).click();
      await expect(page.getByText(m.Forms.errors.emailInvalid)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });
  }

  test('the confirmation names the account a link opens and warns it replaces another; an odd next never answers 500', async ({ page, browser, baseURL }) => {
    const mine = unique('mine');
    const theirs = unique('theirs');
    // Signed in through a form whose next path has non-ASCII characters: it is encoded, not a 500.
    const odd = `${tmb}?note=été à`;
    await page.goto(`/account/sign-in?lan=en&next=${encodeURIComponent(odd)}`);
    await signIn(page, mine);
    await expect(page).toHaveURL(/\/trip\/tour-du-mont-blanc-guided-hut-trek\?note=%C3%A9t%C3%A9(%20|\+)%C3%A0$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Someone else's link, opened while signed in: it says whose account it opens, and what it replaces.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await otherPage.goto('/account/sign-in?lan=fr');
    const before = (await mailsTo(page.request, theirs)).filter((mail) => mail.subject === fr.Emails.signIn.subject).length;
    const form = otherPage.getByTestId('sign-in-form');
    await form.getByLabel(fr.Forms.labels.email).fill(theirs);
    await form.getByRole('button', { name: fr.Account.signIn.submit }).click();
    await expect(otherPage.getByTestId('form-sent')).toBeVisible();
    const link = await signInLinkFor(page.request, theirs, before, fr.Emails.signIn.subject);
    await other.close();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByTestId('sign-in-account')).toHaveText(fr.Account.signIn.confirmAccount.replace('<strong>{email}</strong>', theirs));
    await expect(page.getByTestId('sign-in-replaces')).toHaveText(fr.Account.signIn.confirmReplaces.replace('{current}', mine).replace('{email}', theirs));
  });

  test('a link works once; a made-up one says so', async ({ page }) => {
    const email = unique('once');
    await page.goto('/account/bookings?lan=fr');
    const link = await signIn(page, email, 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.Account.bookings.title);
    await expect(page.getByTestId('no-requests')).toContainText(email);
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'cordee_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByTestId('confirm-sign-in').click();
    await expect(page.getByTestId('sign-in-notice')).toHaveText(fr.Account.signIn.used);
    await page.goto('/account/sign-in?lan=es&token=not-a-token');
    await expect(page.getByTestId('sign-in-notice')).toHaveText(es.Account.signIn.invalid);
  });

  test('support signs in to the overdue requests; a traveller may not', async ({ page, isMobile }) => {
    test.skip(isMobile, 'one support mailbox: support signs in from one project at a time');
    await page.goto('/account/support?lan=fr');
    await signIn(page, 'support@cordee.example', 'fr');
    await expect(page).toHaveURL(/\/account\/support\?lan=fr/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.Account.support.title);
    await expect(page.getByText(fr.Account.support.intro)).toBeVisible();
    await expectNoRowIds(page);
    // Its queues' forms share one copy of the `Forms` messages (a text no page draws).
    const html = await (await page.request.get('/account/support?lan=fr')).text();
    expect(html.split(fr.Forms.errors.checkData).length - 1).toBe(1);
    await page.getByRole('button', { name: fr.Account.session.signOut, exact: true }).click();
    // Signed out once the action answered (a navigation before it would keep the session).
    await expect(page.getByTestId('sign-in-notice')).toHaveText(fr.Account.signIn.signedOut);
    await page.goto('/account/support?lan=en');
    await signIn(page, unique('not-support'));
    await page.goto('/account/support?lan=en');
    await expect(page.getByTestId('not-support')).toHaveText(en.Account.support.notSupport);
  });

  test.describe('with the guide', () => {
    // One guide mailbox: its sign-in links are read one test at a time.
    test.describe.configure({ mode: 'serial' });

    test('a guide changes a price and an open group: the trip page shows it at once', async ({ page, browser, isMobile, baseURL }) => {
      test.skip(isMobile, 'one guide mailbox: the guide signs in from one project at a time');
      test.setTimeout(90_000);
      const trip = '/trip/mont-blanc-ascent-gouter-route';
      const visitor = await browser.newContext();
      await visitor.addCookies([{ name: 'currency', value: 'EUR', url: baseURL! }]);
      const traveller = await visitor.newPage();
      await traveller.goto(`${trip}?travellers=3`);
      // No entry for 3 yet: they pay the per-person price of the group of 2, and the page says so.
      await expect(traveller.getByTestId('price-basis')).toHaveText(en.TripPage.booking.basisSmaller.replace('{count}', '3').replace('{people}', '2'));

      await page.goto('/account/guide?lan=en');
      await signIn(page, guideMailbox);
      await page.getByTestId('guide-trips').getByRole('listitem').filter({ hasText: 'Mont Blanc ascent by the Goûter route' }).getByRole('link', { name: en.TripAuthoring.tripCard.edit }).click();
      const prices = page.getByTestId('prices-form');
      const rows = prices.getByTestId('price-row');
      // Entries come by group size: 1, 2, 4.
      const two = rows.nth(1);
      await expect(two.getByLabel(en.Account.trips.people)).toHaveValue('2');
      await two.getByLabel(/Price per person/).fill('3100');
      await prices.getByRole('button', { name: en.Account.trips.addPrice }).click();
      await rows.last().getByLabel(en.Account.trips.people).fill('3');
      await rows.last().getByLabel(/Price per person/).fill('-5');
      await prices.getByRole('button', { name: en.Account.trips.savePrices }).click();
      await expect(rows.last().getByText(en.Forms.errors.priceInvalid)).toBeVisible();
      await rows.last().getByLabel(/Price per person/).fill('2900');
      await prices.getByRole('button', { name: en.Account.trips.savePrices }).click();
      await expect(prices.getByRole('status')).toHaveText(en.Account.trips.saved);

      await traveller.goto(`${trip}?travellers=3`);
      await expect(traveller.getByTestId('price-total')).toHaveText('€8,700');
      await expect(traveller.getByTestId('price-basis')).toHaveCount(0);
      await traveller.goto(`${trip}?travellers=2`);
      await expect(traveller.getByTestId('price-total')).toHaveText('€6,200');

      // Days the guide is unavailable show in the trip's calendar at once; a range ending before it starts is refused.
      const tripId = new URL(page.url()).searchParams.get('id');
      // July, in the trip's season (mid-June to mid-September), a month or more ahead.
      const today = new Date();
      const month = `${today.getUTCMonth() >= 5 ? today.getUTCFullYear() + 1 : today.getUTCFullYear()}-07`;
      const unavailable = page.getByTestId('unavailable-form');
      await unavailable.getByRole('button', { name: en.Account.trips.addRange }).click();
      const range = unavailable.getByTestId('unavailable-row').last();
      await range.getByLabel(en.Account.trips.rangeStart).fill(`${month}-12`);
      await range.getByLabel(en.Account.trips.rangeEnd).fill(`${month}-10`);
      await unavailable.getByRole('button', { name: en.Account.trips.saveRanges }).click();
      await expect(range.getByText(en.Forms.errors.dateRangeInvalid)).toBeVisible();
      await range.getByLabel(en.Account.trips.rangeEnd).fill(`${month}-14`);
      await unavailable.getByRole('button', { name: en.Account.trips.saveRanges }).click();
      await expect(unavailable.getByRole('status')).toHaveText(en.Account.trips.saved);
      const calendar = (await (await traveller.request.get(`/api/v3/trips/${tripId}/calendar?month=${month}`)).json()) as { days: { date: string; state: string }[] };
      expect(calendar.days.find((day) => day.date === `${month}-13`)?.state).toBe('guide_unavailable');
      const seasons = page.getByTestId('seasons-form');
      await expect(seasons.getByTestId('season-row').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: en.Account.trips.seasonsTitle })).toBeVisible();
      await expectAccessible(page);

      // Another guide's trip (or none) is not editable.
      await page.goto('/account/trip?lan=en&id=999999');
      await expect(page.getByTestId('not-your-trip')).toHaveText(en.Account.trips.notYours);
      await visitor.close();
    });

    test('a traveller and the guide: request, reply in the guide area, My trips, cancel, sign out everywhere', async ({ page, browser, isMobile }) => {
      test.skip(isMobile, 'one guide mailbox: the guide signs in from one project at a time');
      test.setTimeout(120_000);
      const errors = collectErrors(page);
      const email = unique('mytrips');
      const lastName = `Byron-${Date.now()}`;
      await sendBookingRequest(page, email, lastName);

      // The traveller signs in from the header's My trips link.
      await page.getByTestId('my-trips').click();
      await signIn(page, email);
      await expect(page).toHaveURL(/\/account\/bookings\?lan=en/);
      const mine = page.getByTestId('request-thread');
      await expect(mine).toHaveCount(1);
      await expect(mine.getByTestId('request-status')).toHaveText(en.Account.statuses.sent);
      await expect(mine).toContainText(en.Payment.deposit);
      await expect(mine.getByTestId('cancellation-terms')).toBeVisible();

      // The guide signs in from the footer's guide login, in another browser.
      const guideContext = await browser.newContext();
      const guide = await guideContext.newPage();
      await guide.goto('/account/guide?lan=en');
      await signIn(guide, guideMailbox);
      await expect(guide.getByRole('heading', { level: 1 })).toHaveText(en.Account.nav.guideArea);
      const request = threadOf(guide, lastName);
      await expect(request.getByTestId('reply-wait')).toBeVisible();
      await expect(request).toContainText(email);
      await request.getByLabel(en.Account.guide.replyLabel).fill('Yes: we can start on the next day and rest in Courmayeur.');
      await request.getByRole('button', { name: en.Account.guide.replySubmit }).click();
      await expect(request.getByTestId('thread-message')).toContainText('rest in Courmayeur');
      await expect(request.getByTestId('request-status')).toHaveText(en.Account.statuses.answered);

      // The traveller gets the reply by e-mail and in My trips.
      await expect.poll(async () => (await mailsTo(page.request, email)).some((mail) => mail.text.includes('rest in Courmayeur')), { timeout: 15_000 }).toBe(true);
      await page.reload();
      await expect(mine.getByTestId('request-status')).toHaveText(en.Account.statuses.answered);
      await expectNoRowIds(page);
      await expect(mine.getByTestId('thread-message')).toContainText('rest in Courmayeur');

      // The traveller answers in the conversation; the guide gets it by e-mail and in the guide area.
      await mine.getByLabel(en.Account.bookings.replyLabel).fill('Wonderful, thank you. Do we need our own crampons?');
      await mine.getByRole('button', { name: en.Account.bookings.replySubmit }).click();
      await expect(mine.getByTestId('thread-message').last()).toContainText('our own crampons');
      await expect(mine.getByTestId('request-status')).toHaveText(en.Account.statuses.answered);
      await expect.poll(async () => (await mailsTo(page.request, guideMailbox)).some((mail) => mail.text.includes('our own crampons')), { timeout: 15_000 }).toBe(true);
      await guide.reload();
      await expectNoRowIds(guide);
      await expect(request.getByTestId('thread-message').last()).toContainText('our own crampons');

      // The guide proposes exact dates and a price for the group; a price of zero is refused first.
      await request.getByText(en.Account.proposal.title).click();
      const proposal = request.getByTestId('proposal-form');
      await proposal.getByLabel(en.Account.proposal.total.replace(' ({currency})', ''), { exact: false }).fill('0');
      await proposal.getByRole('button', { name: en.Account.proposal.submit }).click();
      await expect(proposal.getByText(en.Forms.errors.proposalPrice)).toBeVisible();
      await proposal.getByLabel(en.Account.proposal.total.replace(' ({currency})', ''), { exact: false }).fill('1850');
      await proposal.getByLabel(en.Account.proposal.message).fill('Here are the exact dates, with the rest day included.');
      await proposal.getByRole('button', { name: en.Account.proposal.submit }).click();
      await expect(request.getByTestId('request-status')).toHaveText(en.Account.statuses.dates_proposed);
      await expect(request.getByTestId('proposal')).toContainText('1,850');

      // The traveller sees it, and accepts it.
      await expect.poll(async () => (await mailsTo(page.request, email)).some((mail) => mail.text.includes('1,850')), { timeout: 15_000 }).toBe(true);
      await page.reload();
      await expect(mine.getByTestId('request-status')).toHaveText(en.Account.statuses.dates_proposed);
      await expect(mine.getByTestId('proposal')).toContainText('1,850');
      await mine.getByTestId('accept-step').locator('summary').click();
      await expect(mine.getByTestId('accept-consequence')).toContainText('1,850');
      await mine.getByTestId('accept-proposal').getByRole('button').click();
      await expect(mine.getByTestId('request-status')).toHaveText(en.Account.statuses.accepted);

      // The guide is told and confirms; the traveller gets the confirmation.
      // The card and the e-mails name the request by its opaque reference, never its number.
      const reference = (await mine.textContent())?.match(/[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/)?.[0];
      expect(reference).toBeDefined();
      await expect
        .poll(async () => (await mailsTo(page.request, guideMailbox)).some((mail) => isSubject(mail.subject, 'acceptedSubject') && mail.text.includes(reference!)), { timeout: 15_000 })
        .toBe(true);
      await guide.reload();
      await request.getByTestId('confirm-booking').getByRole('button').click();
      await expect(request.getByTestId('request-status')).toHaveText(en.Account.statuses.confirmed);
      await guideContext.close();
      await expect.poll(async () => (await mailsTo(page.request, email)).some((mail) => mail.subject.startsWith('Your trip is confirmed')), { timeout: 15_000 }).toBe(true);
      await page.reload();
      await expect(mine.getByTestId('request-status')).toHaveText(en.Account.statuses.confirmed);

      await mine.getByTestId('cancel-step').locator('summary').click();
      await mine.getByTestId('cancel-request').getByRole('button').click();
      await expect(mine.getByTestId('request-status')).toHaveText(en.Account.statuses.cancelled);
      await expect(mine.getByTestId('cancel-request')).toHaveCount(0);
      await expect
        .poll(async () => (await mailsTo(page.request, guideMailbox)).some((mail) => isSubject(mail.subject, 'cancelledSubject') && mail.text.includes(reference!)), { timeout: 15_000 })
        .toBe(true);

      await page.getByRole('button', { name: en.Account.session.signOutEverywhere }).click();
      await expect(page.getByTestId('sign-in-notice')).toHaveText(en.Account.signIn.signedOut);
      await page.goto('/account/bookings?lan=en');
      await expect(page.getByTestId('sign-in-form')).toBeVisible();
      expect(errors).toEqual([]);
    });

    test("fr without JavaScript: the guide's reply and trip editor answer their errors, then save", async ({ page, browser, isMobile, baseURL }) => {
      test.skip(isMobile, 'one guide mailbox: the guide signs in from one project at a time');
      test.setTimeout(90_000);
      const lastName = `Sand-${Date.now()}`;
      await sendBookingRequest(page, unique('nojs'), lastName);
      await page.goto('/account/guide?lan=fr');
      await signIn(page, guideMailbox, 'fr');
      // The same session in a browser that runs no script: the form posts to its Server Action.
      const noScript = await browser.newContext({ javaScriptEnabled: false });
      await noScript.addCookies((await page.context().cookies()).map((cookie) => ({ ...cookie, url: baseURL!, domain: undefined, path: undefined })));
      const guide = await noScript.newPage();
      await guide.goto('/account/guide?lan=fr');
      const request = threadOf(guide, lastName);
      await request.getByRole('button', { name: fr.Account.guide.replySubmit }).click();
      await expect(threadOf(guide, lastName).getByText(fr.Forms.errors.messageRequired)).toBeVisible();
      await threadOf(guide, lastName).getByLabel(fr.Account.guide.replyLabel).fill('Oui, sans script aussi.');
      await threadOf(guide, lastName).getByRole('button', { name: fr.Account.guide.replySubmit }).click();
      await expect(threadOf(guide, lastName).getByTestId('thread-message')).toContainText('Oui, sans script aussi.');
      await expect(threadOf(guide, lastName).getByTestId('request-status')).toHaveText(fr.Account.statuses.answered);

      // The trip editor too: a row's error in place with what was typed, then saved.
      await guide.getByTestId('guide-trips').getByRole('link', { name: fr.TripAuthoring.tripCard.edit }).first().click();
      const prices = () => guide.getByTestId('prices-form');
      const price = () => prices().locator('[name="entries.0.price"]');
      const saved = await price().inputValue();
      await price().fill('-1');
      await prices().getByRole('button', { name: fr.Account.trips.savePrices }).click();
      await expect(prices().getByTestId('price-row').first().getByText(fr.Forms.errors.priceInvalid)).toBeVisible();
      await expect(price()).toHaveValue('-1');
      await price().fill(saved);
      await prices().getByRole('button', { name: fr.Account.trips.savePrices }).click();
      await expect(prices().getByRole('status')).toHaveText(fr.Account.trips.saved);
      await expect(price()).toHaveValue(saved);
      await noScript.close();
    });
  });
});
