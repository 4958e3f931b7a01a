import { expect, type Locator, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';

const messages = { en, fr, es } as const;

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
