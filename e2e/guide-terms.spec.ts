import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { collectErrors, expectNoHorizontalScroll, lookAt } from './support';
import { mailsTo, signInLinkFor, unique } from './support-account';
import { firstOpenDays, sendRequest } from './support-booking';

/**
 * A guide's own terms, on the app without Stripe keys (payments off): the guide writes payment
 * instructions and keeps the spec's 30-day lead time; the drawer states the lead time and its
 * calendar offers no sooner day; once the booking is confirmed, My trips says whom to pay, how much
 * and when, with the guide's instructions word for word. Each run has its own guide.
 */
const messages = { en, fr, es } as const;
type Locale = keyof typeof messages;
const configured = `http://127.0.0.1:${Number(process.env.E2E_CONFIGURED_PORT || Number(process.env.E2E_PORT || 3100) + 1)}`;

const runs: Array<{ locale: Locale; mobile: boolean; trip: string; guide: string; guideName: string; days?: number }> = [
  { locale: 'en', mobile: false, trip: '/trip/fitz-roy-cerro-torre-trek', guide: 'patagonia-vertical', guideName: 'Patagonia Vertical' },
  { locale: 'es', mobile: true, trip: '/es/trip/trekking-santa-cruz-cordillera-blanca', guide: 'cordillera-blanca-guias', guideName: 'Cordillera Blanca Guías' },
  { locale: 'fr', mobile: true, trip: '/fr/trip/ski-de-randonnee-poudreuse-niseko-hokkaido', guide: 'hokkaido-powder', guideName: 'Hokkaido Powder', days: 6 },
];

/** Signs in on the payments-off app: the link from the fake mailbox, opened on that app. */
async function signInThere(page: Page, email: string, locale: Locale) {
  const m = messages[locale];
  const before = (await mailsTo(page.request, email)).filter((mail) => mail.subject === m.Emails.signIn.subject).length;
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel(m.Forms.labels.email).fill(email);
  await form.getByRole('button', { name: m.Account.signIn.submit }).click();
  await expect(page.getByTestId('form-sent')).toBeVisible();
  const link = await signInLinkFor(page.request, email, before, m.Emails.signIn.subject);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, configured));
  await page.getByTestId('confirm-sign-in').click();
  await expect(page).not.toHaveURL(/token=/);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

for (const run of runs) {
  test(`${run.locale}${run.mobile ? ' at 375 px' : ''}: the guide's lead time in the drawer, their payment instructions in My trips`, async ({ page, isMobile }) => {
    test.skip(isMobile !== run.mobile, run.mobile ? 'runs at 375 px' : 'runs on desktop');
    test.setTimeout(120_000);
    const m = messages[run.locale];
    const errors = collectErrors(page);
    const email = unique(`guide-terms-${run.locale}`);
    const lastName = `Terms-${Date.now()}`;
    const instructions = `Bank transfer ${lastName}\nIBAN FR76 3000 6000 0112 3456 7890 189`;

    // The guide writes how to be paid, and keeps the 30-day lead time.
    const guide = await page.context().browser()!.newContext(run.mobile ? { viewport: { width: 375, height: 812 } } : {});
    const guidePage = await guide.newPage();
    await guidePage.goto(`${configured}/account/guide?lan=${run.locale}`);
    await signInThere(guidePage, `${run.guide}@guides.cordee.example`, run.locale);
    const terms = guidePage.getByTestId('guide-terms-form');
    await terms.getByLabel(m.GuideTerms.leadDays).fill('30');
    await terms.getByLabel(m.GuideTerms.paymentInstructions).fill(instructions);
    await terms.getByRole('button', { name: m.GuideTerms.save }).click();
    await expect(terms.getByRole('status')).toHaveText(m.GuideTerms.saved);

    // The drawer states the lead time before any date, and its first open day lies beyond it.
    await page.goto(`${configured}${run.trip}`);
    await page.getByTestId('open-booking').click();
    const drawer = page.getByRole('dialog', { name: m.BookingForm.title });
    const notice = drawer.getByTestId('cancellation-notice');
    await expect(notice).toHaveAttribute('data-lead-days', '30');
    await expect(notice).toContainText(m.BookingForm.terms.leadFree.split('{days')[0]!.replace('{guide}', run.guideName));
    const firstDay = drawer.getByRole('grid').locator('[role="gridcell"][aria-disabled="false"]').first();
    await expect(firstDay).toBeVisible();
    await page.keyboard.press('Escape');
    const tripId = await sendRequest(page, run.locale, `${configured}${run.trip}`, { email, lastName }, run.days);

    // Proposed, accepted, confirmed.
    await guidePage.reload();
    const request = guidePage.getByTestId('request-thread').filter({ hasText: lastName });
    await request.getByText(m.Account.proposal.title).click();
    const proposal = request.getByTestId('proposal-form');
    const dates = await firstOpenDays(page, tripId, new Date(Date.now() + 40 * 86_400_000));
    await proposal.getByLabel(m.Account.proposal.start).fill(dates.start);
    await proposal.getByLabel(m.Account.proposal.end).fill(dates.end);
    await proposal.getByLabel(m.Account.proposal.total.replace(' ({currency})', ''), { exact: false }).fill('2000');
    await proposal.getByRole('button', { name: m.Account.proposal.submit }).click();
    await expect(request.getByTestId('request-status')).toHaveText(m.Account.statuses.dates_proposed);

    await page.goto(`${configured}/account/bookings?lan=${run.locale}`);
    await signInThere(page, email, run.locale);
    const mine = page.getByTestId('request-thread').filter({ hasText: run.guideName }).first();
    await mine.getByTestId('accept-step').locator('summary').click();
    await mine.getByTestId('accept-proposal').getByRole('button').click();
    await expect(mine.getByTestId('request-status')).toHaveText(m.Account.statuses.accepted);
    await guidePage.reload();
    await request.getByTestId('confirm-booking').getByRole('button').click();
    await expect(request.getByTestId('request-status')).toHaveText(m.Account.statuses.confirmed);
    await guide.close();

    // My trips: whom to pay, how much and when, and the guide's words as written.
    await page.reload();
    const offline = mine.getByTestId('payment-offline');
    await expect(offline).toContainText(run.guideName);
    await expect(mine.getByTestId('payment-instructions')).toContainText(m.Payment.instructionsTitle.replace('{guide}', run.guideName));
    expect(await mine.getByTestId('payment-instructions').locator('blockquote').textContent()).toBe(instructions);
    await expect(mine.getByTestId('pay-deposit')).toHaveCount(0);
    expect(dates.start >= isoDay(new Date(Date.now() + 30 * 86_400_000))).toBe(true);
    if (run.mobile) await expectNoHorizontalScroll(page);
    await lookAt(page, `${run.locale}-${run.mobile ? 375 : 1280}-my-trips`, { fullPage: true });
    // The payments-off app also loads the speed-insights script, which `next start` does not serve.
    expect(errors.filter((error) => !error.includes('/_vercel/speed-insights/'))).toEqual([]);
  });
}
