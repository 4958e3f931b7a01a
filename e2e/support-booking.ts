import { expect, type Locator, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';

const messages = { en, fr, es } as const;
type Locale = keyof typeof messages;

/** The first day that can be picked, moving to later months while the shown one has none (earlier runs book days too). */
export async function firstPickableDay(drawer: Locator) {
  const pickable = drawer.getByRole('grid').locator('[role="gridcell"][aria-disabled="false"]');
  for (let month = 0; month < 12 && (await pickable.count()) === 0; month += 1) {
    await drawer.getByRole('button', { name: en.Calendar.nextMonth }).click();
    await drawer.getByRole('grid').and(drawer.locator('[aria-busy="false"]')).waitFor();
  }
  return pickable.first();
}

export async function openDrawer(page: Page, locale: keyof typeof messages) {
  await page.getByTestId('open-booking').click();
  const drawer = page.getByRole('dialog', { name: messages[locale].BookingForm.title });
  await expect(drawer).toBeVisible();
  return drawer;
}


/** The English drawer filled as a traveller would: ten days from the first free one, two travellers, contact and comment. */
export async function fillBookingDrawer(page: Page, drawer: Locator, traveller: { lastName: string; email: string; comment: string }) {
  await (await firstPickableDay(drawer)).focus();
  await page.keyboard.press('Enter');
  for (let step = 0; step < 9; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await drawer.getByRole('button', { name: en.Calendar.confirm }).click();
  await expect(drawer.getByTestId('chosen-dates')).not.toHaveText(en.BookingForm.noDates);

  await drawer.getByLabel('Number of travellers').fill('2');
  await drawer.getByLabel('First name').fill('Ada');
  await drawer.getByLabel('Last name').fill(traveller.lastName);
  await drawer.getByLabel('Email').fill(traveller.email);
  await drawer.getByRole('textbox', { name: 'Phone number' }).fill('020 7946 0958');
  await drawer.getByLabel('Comment or questions').fill(traveller.comment);
  await drawer.getByRole('checkbox').check();
}

// A number of the calling code each locale's form starts with.
const phones = { en: '020 7946 0958', fr: '06 12 34 56 78', es: '612 34 56 78' } as const;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Sends a request from the trip's drawer (a stay of `days` days, 5 unless said); answers the trip's id, read from the calendar the drawer loads. */
export async function sendRequest(page: Page, locale: Locale, trip: string, traveller: { email: string; lastName: string }, days = 5): Promise<number> {
  const m = messages[locale];
  await page.goto(trip);
  const calendar = page.waitForRequest(/\/api\/v3\/trips\/\d+\/calendar/);
  await page.getByTestId('open-booking').click();
  const tripId = Number(/\/trips\/(\d+)\//.exec((await calendar).url())![1]);
  const drawer = page.getByRole('dialog', { name: m.BookingForm.title });
  const pickable = drawer.getByRole('grid').locator('[role="gridcell"][aria-disabled="false"]');
  for (let month = 0; month < 12 && (await pickable.count()) === 0; month += 1) {
    await drawer.getByRole('button', { name: m.Calendar.nextMonth }).click();
    await drawer.getByRole('grid').and(drawer.locator('[aria-busy="false"]')).waitFor();
  }
  await (await firstPickableDay(drawer)).focus();
  await page.keyboard.press('Enter');
  for (let step = 0; step < days - 1; step += 1) await page.keyboard.press('ArrowRight');
  // The end may lie in the next month (the guide's lead time puts the first day late in one): its days load first.
  await drawer.getByRole('grid').and(drawer.locator('[aria-busy="false"]')).waitFor();
  await page.keyboard.press('Enter');
  await drawer.getByRole('button', { name: m.Calendar.confirm }).click();
  const field = (name: string) => drawer.getByRole('textbox', { name, exact: true });
  await drawer.getByRole('spinbutton', { name: m.Forms.labels.travellers }).fill('2');
  await field(m.Forms.labels.firstName).fill('Ada');
  await field(m.Forms.labels.lastName).fill(traveller.lastName);
  await field(m.Forms.labels.email).fill(traveller.email);
  await field(m.Forms.labels.phone).fill(phones[locale]);
  await field(m.Forms.labels.comment).fill('Two of us, with our own ice axes.');
  await drawer.getByRole('checkbox').check();
  await drawer.getByRole('button', { name: m.BookingForm.submit }).click();
  await expect(drawer.getByTestId('form-sent')).toBeVisible();
  return tripId;
}

/**
 * The first two days in a row, from `from` on, that the trip's calendar offers (the server refuses a
 * proposal out of season, on the guide's days away or in a full month).
 */
export async function firstOpenDays(page: Page, tripId: number, from: Date): Promise<{ start: string; end: string }> {
  const first = isoDay(from);
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + month, 1));
    const answer = (await (await page.request.get(`/api/v3/trips/${tripId}/calendar?month=${isoDay(date).slice(0, 7)}`)).json()) as { days: { date: string; state: string }[] };
    const days = answer.days;
    const index = days.findIndex((day, at) => day.date >= first && day.state === 'available' && days[at + 1]?.state === 'available');
    if (index >= 0) return { start: days[index]!.date, end: days[index + 1]!.date };
  }
  throw new Error(`no two open days in a row on trip ${tripId} within a year of ${first}`);
}
