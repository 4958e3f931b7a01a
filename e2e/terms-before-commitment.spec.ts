import { expect, test, type Locator, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import alps from '../lib/db/seed/data/trips-alps.json';
import euaf from '../lib/db/seed/data/trips-euaf.json';
import world from '../lib/db/seed/data/trips-world.json';
import alpsGuides from '../lib/db/seed/data/guides-alps.json';
import euafGuides from '../lib/db/seed/data/guides-euaf.json';
import worldGuides from '../lib/db/seed/data/guides-world.json';
import { collectErrors, expectNoHorizontalScroll, perLocale } from './support';
import { signIn } from './support-account';
import { openDrawer } from './support-booking';

/*
 * Terms before commitment: the drawer says, for the dates picked, whether cancelling will be free
 * (spec §9: free for 48 hours when the trip starts at least 30 days after booking); My trips asks
 * before cancelling, with what it costs; Escape gives the focus back to what opened the drawer.
 */

const messages = { en, fr, es } as const;
type Locale = keyof typeof messages;
const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

type SeedTrip = { guideKey: string; slugs: Record<Locale, string>; seasons: { from: string; to: string }[]; minDays: number };
/** Demo guides who take requests at short notice (a lead time under the free cancellation's 30 days). */
const shortNotice = new Set(([...alpsGuides, ...worldGuides, ...euafGuides] as { key: string; leadDays?: number }[]).filter((guide) => (guide.leadDays ?? 30) < 29).map((guide) => guide.key));
const inSeason = (day: string, seasons: SeedTrip['seasons']) =>
  seasons.length === 0 || seasons.some(({ from, to }) => (from <= to ? from <= day.slice(5) && day.slice(5) <= to : day.slice(5) >= from || day.slice(5) <= to));

/** Demo trips of short-notice guides in season from tomorrow for their whole length and more: whatever today is, some can start within the month. */
function tripsStartingSoon(): SeedTrip[] {
  const tomorrow = Date.now() + DAY;
  return ([...alps, ...world, ...euaf] as SeedTrip[]).filter((trip) => shortNotice.has(trip.guideKey)).filter((trip) => Array.from({ length: trip.minDays + 10 }, (_, index) => isoDay(tomorrow + index * DAY)).every((day) => inSeason(day, trip.seasons)));
}

/** Picks a stay from `first` for the trip's least number of days (its end on the next day that can be picked), and confirms it. */
async function pickStay(drawer: Locator, first: Locator, minDays: number, m: (typeof messages)[Locale]) {
  const start = (await first.getAttribute('data-date'))!;
  await first.click();
  const earliestEnd = isoDay(Date.parse(`${start}T00:00:00Z`) + (minDays - 1) * DAY);
  for (let month = 0; month < 3; month += 1) {
    const open = await drawer.getByRole('grid').locator('[role="gridcell"][aria-disabled="false"]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-date') ?? ''));
    const end = open.find((day) => day >= earliestEnd);
    if (end) {
      await drawer.locator(`[role="gridcell"][data-date="${end}"]`).click();
      break;
    }
    await drawer.getByRole('button', { name: m.Calendar.nextMonth }).click();
    await drawer.getByRole('grid').and(drawer.locator('[aria-busy="false"]')).waitFor();
  }
  await drawer.getByRole('button', { name: m.Calendar.confirm }).click();
}

/** Opens the drawer of a trip whose first free day is less than 30 days away, and gives that day's cell. */
async function drawerWithDepartureSoon(page: Page, locale: Locale): Promise<{ drawer: Locator; first: Locator; trip: SeedTrip }> {
  for (const trip of tripsStartingSoon().slice(0, 6)) {
    await page.goto(`${locale === 'en' ? '' : `/${locale}`}/trip/${trip.slugs[locale]}`);
    if ((await page.getByTestId('open-booking').count()) === 0) continue;
    const drawer = await openDrawer(page, locale);
    await drawer.getByRole('grid').and(drawer.locator('[aria-busy="false"]')).waitFor();
    const first = drawer.getByRole('grid').locator('[role="gridcell"][aria-disabled="false"]').first();
    if ((await first.count()) === 0) continue;
    const date = await first.getAttribute('data-date');
    if (date && Date.parse(`${date}T00:00:00Z`) - Date.now() < 29 * DAY) return { drawer, first, trip };
  }
  throw new Error('No demo trip can start within the month');
}

for (const locale of ['en', 'fr', 'es'] as const) {
  const m = messages[locale];
  test(`${locale}: a departure within the month says before sending that cancelling will not be free`, perLocale(locale), async ({ page }) => {
    const errors = collectErrors(page);
    const { drawer, first, trip } = await drawerWithDepartureSoon(page, locale);
    const notice = drawer.getByTestId('cancellation-notice');
    // Before any date: the lead time a free cancellation needs, with its first day.
    await expect(notice).toContainText(m.BookingForm.terms.rule.split('{days}')[0]!);
    await expect(notice).not.toHaveAttribute('data-free');

    await pickStay(drawer, first, trip.minDays, m);
    await expect(drawer.getByTestId('chosen-dates')).not.toHaveText(m.BookingForm.noDates);
    await expect(notice).toHaveAttribute('data-free', 'false');
    await expect(notice).toHaveText(new RegExp(`^${escape(m.BookingForm.terms.notFree.replace('{days}', '30'))}`));
    await expect(notice.getByRole('link', { name: m.BookingForm.terms.link })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });
}

test('Escape on the drawer gives the focus back to what opened it', async ({ page, isMobile }) => {
  await page.goto('/trip/tour-du-mont-blanc-guided-hut-trek');
  // On phones the booking bar's link opens it; on desktop the price summary's button.
  const opener = isMobile ? page.getByTestId('booking-bar').getByRole('link', { name: en.BookingForm.open }) : page.getByTestId('open-booking');
  await opener.click();
  const drawer = page.getByRole('dialog', { name: en.BookingForm.title });
  await expect(drawer).toBeVisible();
  await drawer.getByLabel(en.Forms.labels.firstName).focus();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();

  await page.getByTestId('ask-guide').click();
  const dialog = page.getByRole('dialog', { name: en.GuideQuestion.title });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('ask-guide')).toBeFocused();
});

test('My trips asks before cancelling, with what it costs; the cancelled card keeps only what is true', async ({ page }) => {
  test.setTimeout(90_000);
  const email = unique('terms-cancel');
  const { drawer, first, trip } = await drawerWithDepartureSoon(page, 'en');
  await pickStay(drawer, first, trip.minDays, en);
  await drawer.getByLabel(en.Forms.labels.firstName).fill('Ada');
  await drawer.getByLabel(en.Forms.labels.lastName).fill(`Terms-${Date.now()}`);
  await drawer.getByLabel(en.Forms.labels.email).fill(email);
  await drawer.getByRole('textbox', { name: en.Forms.labels.phone }).fill('+44 20 7946 0958');
  await drawer.getByLabel(en.Forms.labels.comment).fill('We would like to start as soon as possible, two fit hikers.');
  await drawer.getByRole('checkbox').check();
  await drawer.getByRole('button', { name: en.BookingForm.submit }).click();
  await expect(drawer.getByTestId('form-sent')).toBeVisible();

  await page.goto('/account/bookings?lan=en');
  await signIn(page, email);
  const mine = page.getByTestId('request-thread');
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('cancellation-terms')).toContainText(en.Account.bookings.tooClose);
  // One click does not cancel: the step says what it costs first.
  await expect(mine.getByTestId('cancel-request').getByRole('button')).toBeHidden();
  await mine.getByTestId('cancel-step').locator('summary').click();
  await expect(mine.getByTestId('cancel-consequence')).toContainText(en.Account.bookings.cancelNothingPaid.split('{guide}')[0]!);
  await mine.getByTestId('cancel-request').getByRole('button', { name: en.Account.bookings.cancelConfirm }).click();
  await expect(mine.getByTestId('request-status')).toHaveText(en.Account.statuses.cancelled);
  // Nothing is owed and no answer is awaited any more.
  await expect(mine).not.toContainText(en.Payment.deposit);
  await expect(mine).not.toContainText(en.Account.conversation.empty.split('{guide}')[0]!);
  await expect(mine.getByTestId('cancel-step')).toHaveCount(0);
});

/** A text as a literal regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
