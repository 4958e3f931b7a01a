import { expect, test, type Locator, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { formatReference } from '../lib/booking/reference';
import { formatMoney } from '../lib/money/format';
import { collectErrors, expectNoHorizontalScroll, lookAt } from './support';
import { mailsTo, signIn, unique } from './support-account';
import { firstOpenDays, sendRequest } from './support-booking';

/**
 * One booking, one set of terms: the guide proposes other dates and another price than the
 * traveller asked for, the traveller accepts, the guide confirms; from then on My trips, the guide
 * area, the deposit to pay and the e-mails to both sides state the agreed ones, and the history
 * keeps what was asked. Each locale and project has its own trip and guide, so that the guides'
 * sign-in mailboxes never cross.
 */
const messages = { en, fr, es } as const;
type Locale = keyof typeof messages;

const runs: Array<{ locale: Locale; mobile: boolean; trip: string; guide: string; guideLocale: Locale; currency: string }> = [
  { locale: 'en', mobile: false, trip: '/trip/cairngorms-winter-skills-course', guide: 'highland-mountaineering', guideLocale: 'en', currency: 'GBP' },
  { locale: 'en', mobile: true, trip: '/trip/mount-athabasca-ascent-columbia-icefield', guide: 'rockies-alpine', guideLocale: 'en', currency: 'CAD' },
  { locale: 'fr', mobile: false, trip: '/fr/trip/escalade-aux-lofoten-henningsvaer', guide: 'lyngen-ski-guides', guideLocale: 'en', currency: 'NOK' },
  { locale: 'fr', mobile: true, trip: '/fr/trip/trek-du-lac-ala-koul-karakol', guide: 'tian-shan-expeditions', guideLocale: 'en', currency: 'USD' },
  { locale: 'es', mobile: false, trip: '/es/trip/ascension-monte-aspiring-tititea', guide: 'southern-alps-guiding', guideLocale: 'en', currency: 'NZD' },
  { locale: 'es', mobile: true, trip: '/es/trip/ascension-al-toubkal', guide: 'atlas-treks', guideLocale: 'fr', currency: 'MAD' },
];

// The group's price the guide proposes, in the trip's currency: 30 % is 600, the remainder 1,400.
const agreedTotal = 2000;

/** A card's fact (its first definition list's value) by its label. */
const fact = (card: Locator, label: string) => card.locator('dl').first().locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd');

/** Dates as the cards write them (medium, UTC), and as the e-mails do (a long range). */
const cardDates = (locale: Locale, start: string, end: string) => {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return `${day.format(new Date(`${start}T00:00:00Z`))} – ${day.format(new Date(`${end}T00:00:00Z`))}`;
};
const mailDates = (locale: Locale, start: string, end: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(new Date(`${start}T00:00:00Z`), new Date(`${end}T00:00:00Z`));

/** The text of the e-mail to `address` whose subject fits `template` (its placeholders any text) and that names the booking. */
async function mailWith(page: Page, address: string, template: string, reference: string) {
  const subject = new RegExp(`^${template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('.*')}$`);
  let text = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(page.request, address)).find((one) => subject.test(one.subject) && one.text.includes(reference));
      text = mail?.text ?? '';
      return text !== '';
    }, { timeout: 15_000 })
    .toBe(true);
  return text;
}


for (const run of runs) {
  test(`${run.locale}${run.mobile ? ' at 375 px' : ''}: the confirmed booking shows the agreed dates and price everywhere`, async ({ page, isMobile }) => {
    test.skip(isMobile !== run.mobile, run.mobile ? 'runs at 375 px' : 'runs on desktop');
    test.setTimeout(90_000);
    const m = messages[run.locale];
    const errors = collectErrors(page);
    const email = unique(`terms-${run.locale}`);
    const lastName = `Terms-${Date.now()}`;
    const guideMailbox = `${run.guide}@guides.cordee.example`;
    const money = (amount: number, locale: Locale) => formatMoney({ amountMinor: amount * 100, currency: run.currency }, locale);
    const tripId = await sendRequest(page, run.locale, run.trip, { email, lastName });

    // What was asked, as My trips shows it before any proposal.
    await page.goto(`/account/bookings?lan=${run.locale}`);
    await signIn(page, email, run.locale);
    const mine = page.getByTestId('request-thread');
    const askedDates = (await fact(mine, m.Account.fields.dates).textContent())!;

    // The guide proposes other dates (the first open ones 40 days ahead) and a price.
    const guide = await page.context().browser()!.newContext();
    const guidePage = await guide.newPage();
    await guidePage.goto(`/account/guide?lan=${run.locale}`);
    await signIn(guidePage, guideMailbox, run.locale);
    const request = guidePage.getByTestId('request-thread').filter({ hasText: lastName });
    await request.getByText(m.Account.proposal.title).click();
    const proposal = request.getByTestId('proposal-form');
    const dates = await firstOpenDays(page, tripId, new Date(Date.now() + 40 * 86_400_000));
    expect(cardDates(run.locale, dates.start, dates.end)).not.toBe(askedDates);
    await proposal.getByLabel(m.Account.proposal.start).fill(dates.start);
    await proposal.getByLabel(m.Account.proposal.end).fill(dates.end);
    await proposal.getByLabel(m.Account.proposal.total.replace(' ({currency})', ''), { exact: false }).fill(String(agreedTotal));
    await proposal.getByRole('button', { name: m.Account.proposal.submit }).click();
    await expect(request.getByTestId('request-status')).toHaveText(m.Account.statuses.dates_proposed);

    // Until accepted, the card headlines what was asked and shows the proposal beside it.
    await page.reload();
    await expect(fact(mine, m.Account.fields.dates)).toHaveText(askedDates);
    await expect(mine.getByTestId('proposal')).toContainText(money(agreedTotal, run.locale));
    // Accepting is a second step that states the money first.
    await mine.getByTestId('accept-step').locator('summary').click();
    await expect(mine.getByTestId('accept-consequence')).toContainText(money(agreedTotal, run.locale));
    await mine.getByTestId('accept-proposal').getByRole('button').click();
    await expect(mine.getByTestId('request-status')).toHaveText(m.Account.statuses.accepted);
    await guidePage.reload();
    await request.getByTestId('confirm-booking').getByRole('button').click();
    await expect(request.getByTestId('request-status')).toHaveText(m.Account.statuses.confirmed);
    const reference = (await request.getAttribute('data-reference'))!;

    // The guide area: the agreed dates and price, what was asked in the history.
    const agreedDates = cardDates(run.locale, dates.start, dates.end);
    await expect(fact(request, m.Account.fields.dates)).toHaveText(agreedDates);
    await expect(fact(request, m.Account.fields.total)).toHaveText(money(agreedTotal, run.locale));
    await expect(request.getByTestId('asked-terms')).toContainText(askedDates);
    await expect(request.getByTestId('proposal')).toHaveCount(0);
    await guide.close();

    // My trips: the same headline, the deposit and remainder computed from the agreed price.
    await page.reload();
    await expect(fact(mine, m.Account.fields.dates)).toHaveText(agreedDates);
    await expect(fact(mine, m.Account.fields.total)).toHaveText(money(agreedTotal, run.locale));
    await expect(fact(mine, m.Payment.deposit)).toHaveText(money(600, run.locale));
    await expect(fact(mine, m.Payment.remainder)).toContainText(money(1400, run.locale));
    await expect(mine.getByTestId('deposit-amount')).toHaveText(money(600, run.locale));
    await expect(mine.getByTestId('total-amount')).toHaveText(money(agreedTotal, run.locale));
    await expect(mine.getByTestId('asked-terms')).toContainText(askedDates);
    await expect(mine.getByTestId('proposal')).toHaveCount(0);
    if (run.mobile) await expectNoHorizontalScroll(page);
    await lookAt(page, `${run.locale}-${run.mobile ? 375 : 1280}-confirmed`, { fullPage: true });

    // The e-mails: the guide's "accepted" (in the guide's language) and the traveller's confirmation.
    const accepted = await mailWith(page, guideMailbox, messages[run.guideLocale].Emails.status.acceptedSubject, formatReference(reference));
    expect(accepted).toContain(money(agreedTotal, run.guideLocale));
    expect(accepted).toContain(mailDates(run.guideLocale, dates.start, dates.end));
    const confirmed = await mailWith(page, email, m.Emails.status.confirmedSubject, formatReference(reference));
    expect(confirmed).toContain(money(agreedTotal, run.locale));
    expect(confirmed).toContain(money(600, run.locale));
    expect(confirmed).toContain(mailDates(run.locale, dates.start, dates.end));
    expect(errors).toEqual([]);
  });
}
