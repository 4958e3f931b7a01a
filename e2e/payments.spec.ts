import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { formatMoney } from '../lib/money/format';
import { collectErrors, expectNoHorizontalScroll, lookAt } from './support';
import { expectNoRowIds, expectRowIdHidden, mailsTo, signIn, unique } from './support-account';
import { firstOpenDays, sendRequest } from './support-booking';

/**
 * The Stripe deposit end to end, on the first app (the fake Stripe of playwright.config.ts posts its
 * events to our webhook; the payments clock is the PAYMENTS_CLOCK_ROUTE hook). One flow per locale,
 * spread over the projects: each uses its own trip and guide so that the guides' sign-in mailboxes
 * never cross.
 */
const messages = { en, fr, es } as const;
type Locale = keyof typeof messages;

// The group's price the guide proposes (EUR): 30 % half up is 300.30, the remainder 700.70.
const total = 1001;
const money = (amountMinor: number, locale: Locale) => formatMoney({ amountMinor, currency: 'EUR' }, locale);
/** 13 days before a departure: the remainder (due 14 days before) is charged by a payments run then. */
const remainderRunOf = (departure: Date) => new Date(departure.getTime() - 13 * 86_400_000);

/**
 * From a sent request to the deposit's Checkout page: the guide proposes the first open dates 40
 * days ahead or later (so the free cancellation applies) and the price, the traveller accepts, the
 * guide confirms.
 */
async function confirmedBooking(page: Page, locale: Locale, trip: string, guideMailbox: string) {
  const m = messages[locale];
  const email = unique(`pay-${locale}`);
  const lastName = `Payer-${Date.now()}`;
  const tripId = await sendRequest(page, locale, trip, { email, lastName });

  const guide = await page.context().browser()!.newContext();
  const guidePage = await guide.newPage();
  await guidePage.goto(`/account/guide?lan=${locale}`);
  await signIn(guidePage, guideMailbox, locale);
  const request = guidePage.getByTestId('request-thread').filter({ hasText: lastName });
  await request.getByText(m.Account.proposal.title).click();
  const proposal = request.getByTestId('proposal-form');
  const dates = await firstOpenDays(page, tripId, new Date(Date.now() + 40 * 86_400_000));
  await proposal.getByLabel(m.Account.proposal.start).fill(dates.start);
  await proposal.getByLabel(m.Account.proposal.end).fill(dates.end);
  await proposal.getByLabel(m.Account.proposal.total.replace(' ({currency})', ''), { exact: false }).fill(String(total));
  await proposal.getByRole('button', { name: m.Account.proposal.submit }).click();
  await expect(request.getByTestId('request-status')).toHaveText(m.Account.statuses.dates_proposed);

  await page.goto(`/account/bookings?lan=${locale}`);
  await signIn(page, email, locale);
  const mine = page.getByTestId('request-thread');
  await mine.getByTestId('accept-step').locator('summary').click();
  await mine.getByTestId('accept-proposal').getByRole('button').click();
  await expect(mine.getByTestId('request-status')).toHaveText(m.Account.statuses.accepted);
  await guidePage.reload();
  await request.getByTestId('confirm-booking').getByRole('button').click();
  await expect(request.getByTestId('request-status')).toHaveText(m.Account.statuses.confirmed);
  await expectNoRowIds(guidePage);
  const guideCard = await request.evaluate((element) => element.outerHTML);
  await guide.close();

  await page.reload();
  await expect(mine.getByTestId('deposit-amount')).toHaveText(money(30030, locale));
  await expect(mine.getByTestId('remainder-amount')).toContainText(money(70070, locale));
  await expect(mine.getByTestId('total-amount')).toHaveText(money(100100, locale));
  await expect(mine.getByTestId('payment-terms')).toContainText(m.Account.payment.freeCancellation);
  await expectNoRowIds(page);
  const cards = [guideCard, await mine.evaluate((element) => element.outerHTML)];
  return { email, mine, cards, reference: (await mine.getAttribute('data-reference'))!, departure: new Date(`${dates.start}T00:00:00Z`) };
}

/** Pays on the fake Checkout page (Stripe's units: cents), back to My trips with the booking secured. */
async function payOnCheckout(page: Page, locale: Locale, outcome: 'succeed' | 'authenticate', kind: 'deposit' | 'remainder', stripeAmount: string) {
  await page.getByTestId(`pay-${kind}`).click();
  await expect(page.getByTestId('fake-checkout-amount')).toHaveText(stripeAmount);
  if (kind === 'deposit') await expect(page.getByTestId('fake-checkout-consent')).toHaveText(messages[locale].Account.payment.consentShort);
  await page.getByTestId(`fake-checkout-${outcome}`).click();
  await expect(page).toHaveURL(new RegExp(`/account/bookings\\?lan=${locale}&paid=${kind}`));
  await expect(page.getByTestId('payment-returned')).toBeVisible();
}

/** The payments scheduler, run for this booking as if it were `at` (the test clock). */
async function runPaymentsAt(page: Page, reference: string, at: Date) {
  const response = await page.request.post('/api/test/payments-clock', { data: { at: at.toISOString(), reference } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, number>;
}

const subjectOf = (template: string) => template.split('{')[0]!;

async function expectMail(page: Page, email: string, subjectStart: string) {
  await expect.poll(async () => (await mailsTo(page.request, email)).some((mail) => mail.subject.startsWith(subjectStart)), { timeout: 15_000 }).toBe(true);
}

test.describe('Stripe deposit', () => {
  test('en: the deposit secures the booking, the clock charges the remainder, both receipts arrive', async ({ page, isMobile }) => {
    test.skip(isMobile, 'en runs on desktop; fr and es on 375 px');
    test.setTimeout(60_000);
    const errors = collectErrors(page);
    const { email, mine, cards, reference, departure } = await confirmedBooking(page, 'en', '/trip/cogne-ice-climbing', 'anna-rossi@guides.cordee.example');
    await payOnCheckout(page, 'en', 'succeed', 'deposit', '30030 EUR');
    await expect(mine.getByTestId('request-status')).toHaveText(en.Account.statuses.secured);
    await expect(mine.getByTestId('deposit-paid')).toContainText(money(30030, 'en'));
    await expect(mine.getByTestId('remainder-scheduled')).toContainText(money(70070, 'en'));
    await expectMail(page, email, subjectOf(en.Emails.payment.depositReceiptSubject));

    // 14 days before the trip (REMAINDER_DAYS_BEFORE): the remainder is due, and charged to the saved card.
    const result = await runPaymentsAt(page, reference, remainderRunOf(departure));
    expect(result.charged).toBe(1);
    // Neither the guide's nor the traveller's card (with its payment forms) held the booking's row id.
    for (const card of cards) expectRowIdHidden(card, result.requestId!);
    await page.reload();
    await expect(mine.getByTestId('remainder-succeeded')).toContainText(money(70070, 'en'));
    await expectMail(page, email, subjectOf(en.Emails.payment.remainderReceiptSubject));
    expect(errors).toEqual([]);
  });

  test('fr: the bank asks to authenticate the remainder, and the traveller pays it', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'fr runs at 375 px');
    test.setTimeout(60_000);
    const errors = collectErrors(page);
    const { email, mine, reference, departure } = await confirmedBooking(page, 'fr', '/fr/trip/cascade-de-glace-a-gavarnie', 'marc-dubois@guides.cordee.example');
    await expectNoHorizontalScroll(page);
    await lookAt(page, 'fr-375-deposit', { fullPage: true });
    // A card whose bank asks to authenticate each payment made without the traveller.
    await payOnCheckout(page, 'fr', 'authenticate', 'deposit', '30030 EUR');
    await expect(mine.getByTestId('request-status')).toHaveText(fr.Account.statuses.secured);

    await runPaymentsAt(page, reference, remainderRunOf(departure));
    await page.reload();
    await expect(mine.getByTestId('remainder-requires_action')).toHaveText(fr.Account.payment.remainderAction.replace('{amount}', money(70070, 'fr')));
    await expectMail(page, email, subjectOf(fr.Emails.payment.remainderActionSubject));
    await lookAt(page, 'fr-375-remainder-action', { fullPage: true });
    await payOnCheckout(page, 'fr', 'succeed', 'remainder', '70070 EUR');
    await expect(mine.getByTestId('remainder-succeeded')).toContainText(money(70070, 'fr'));
    await expectMail(page, email, subjectOf(fr.Emails.payment.remainderReceiptSubject));
    await expectNoHorizontalScroll(page);
    await lookAt(page, 'fr-375-paid', { fullPage: true });
    expect(errors).toEqual([]);
  });

  test('es: cancelled within 48 hours of paying, the deposit is refunded in full', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'es runs at 375 px');
    test.setTimeout(60_000);
    const { email, mine, reference } = await confirmedBooking(page, 'es', '/es/trip/travesia-con-esquis-en-la-silvretta', 'tirol-bergfuehrer@guides.cordee.example');
    await payOnCheckout(page, 'es', 'succeed', 'deposit', '30030 EUR');
    await expect(mine.getByTestId('request-status')).toHaveText(es.Account.statuses.secured);
    await mine.getByTestId('cancel-step').locator('summary').click();
    await expect(mine.getByTestId('cancel-consequence')).toContainText(es.Account.bookings.cancelRefund.split('{paid}')[1]!);
    await mine.getByTestId('cancel-request').getByRole('button').click();
    await expect(mine.getByTestId('request-status')).toHaveText(es.Account.statuses.cancelled);
    // A payments run sends the stored refund to Stripe: this one, or the server's own timer if it
    // ran in between. Either way it is sent once, and a second run finds nothing left to send.
    expect((await runPaymentsAt(page, reference, new Date())).refunded).toBeLessThanOrEqual(1);
    expect((await runPaymentsAt(page, reference, new Date())).refunded).toBe(0);
    const refundSubject = subjectOf(es.Emails.payment.refundSentSubject);
    await expectMail(page, email, refundSubject);
    const refunds = (await mailsTo(page.request, email)).filter((mail) => mail.subject.startsWith(refundSubject));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.subject).toContain(money(30030, 'es'));
  });

  test('en: the remainder page left open when the guide cancels can no longer be paid; nothing stays charged', async ({ page, isMobile }) => {
    test.skip(isMobile, 'runs on desktop');
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    const mailbox = 'pirineos-aventura@guides.cordee.example';
    const { email, mine, reference, departure } = await confirmedBooking(page, 'en', '/trip/aneto-ascent-benasque', mailbox);
    // The saved card needs the bank for every charge without the traveller: the remainder waits for them.
    await payOnCheckout(page, 'en', 'authenticate', 'deposit', '30030 EUR');
    await runPaymentsAt(page, reference, remainderRunOf(departure));
    await page.reload();
    await expect(mine.getByTestId('remainder-requires_action')).toBeVisible();
    // The traveller opens the remainder's page and leaves it open…
    await page.getByTestId('pay-remainder').click();
    await expect(page.getByTestId('fake-checkout-amount')).toHaveText('70070 EUR');

    // …while the guide cancels the booking.
    const guide = await page.context().browser()!.newContext();
    const guidePage = await guide.newPage();
    await guidePage.goto('/account/guide');
    await signIn(guidePage, mailbox, 'en');
    const request = guidePage.locator(`[data-testid="request-thread"][data-reference="${reference}"]`);
    await request.getByText(en.Account.guide.cancelTitle).click();
    await request.getByLabel(en.Account.guide.cancelReason).fill('The hut is closed for repairs.');
    await request.getByRole('button', { name: en.Account.guide.cancelSubmit }).click();
    await expect(request.getByTestId('request-status')).toHaveText(en.Account.statuses.cancelled);
    await guide.close();

    // The page was closed at Stripe by the cancellation: paying on it is refused.
    await page.getByTestId('fake-checkout-succeed').click();
    await expect(page.locator('body')).toHaveText('not open');
    await page.goto('/account/bookings');
    await expect(mine.getByTestId('request-status')).toHaveText(en.Account.statuses.cancelled);
    // The deposit went back; no receipt for a remainder nobody could pay.
    await expectMail(page, email, subjectOf(en.Emails.payment.refundSentSubject));
    const subjects = (await mailsTo(page.request, email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith(subjectOf(en.Emails.payment.refundSentSubject)))).toEqual([en.Emails.payment.refundSentSubject.replace('{amount}', money(30030, 'en'))]);
    expect(subjects.some((subject) => subject.startsWith(subjectOf(en.Emails.payment.remainderReceiptSubject)))).toBe(false);
    expect(errors).toEqual([]);
  });
});
