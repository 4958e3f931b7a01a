import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import { signIn, unique } from './support-account';
import { firstPickableDay, openDrawer } from './support-booking';

// A trip no other spec books or edits, of a guide no other spec signs in as.
const trip = { path: '/trip/matterhorn-ascent-hornli-ridge', title: 'Matterhorn by the Hörnli ridge', mailbox: 'zermatt-summit-school@guides.cordee.example', capacity: '10' };

test.describe('availability decided by the server', () => {
  // Serves the drawer of one page and the guide area in one run: the two projects would edit the same trip.
  test.skip(({ isMobile }) => isMobile, 'one trip and one guide: run once, from the desktop project');

  test('a month filled on one page is refused with the fresh calendar on a page opened before, keeping what was typed', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // The traveller opens the trip and picks the first open days of the season, and types everything.
    await page.goto(trip.path);
    const drawer = await openDrawer(page, 'en');
    const first = await firstPickableDay(drawer);
    const start = (await first.getAttribute('data-date'))!;
    await first.focus();
    await page.keyboard.press('Enter');
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await drawer.getByRole('button', { name: en.Calendar.confirm }).click();
    await expect(drawer.getByTestId('chosen-dates')).not.toHaveText(en.BookingForm.noDates);
    const lastName = `Whymper-${Date.now()}`;
    await drawer.getByLabel('Number of travellers').fill('1');
    await drawer.getByLabel('First name').fill('Edward');
    await drawer.getByLabel('Last name').fill(lastName);
    await drawer.getByLabel('Email').fill(unique('stale-page'));
    await drawer.getByRole('textbox', { name: 'Phone number' }).fill('020 7946 0958');
    await drawer.getByLabel('Comment or questions').fill('First ascent for both of us, a training day first would be welcome.');
    await drawer.getByRole('checkbox').check();

    // Meanwhile the guide takes one departure that month and no more: the month is full.
    const guideContext = await browser.newContext();
    const guide = await guideContext.newPage();
    await guide.goto('/account/guide?lan=en');
    await signIn(guide, trip.mailbox);
    await guide.getByTestId('guide-trips').getByRole('listitem').filter({ hasText: trip.title }).getByRole('link', { name: en.TripAuthoring.tripCard.edit }).click();
    const capacity = guide.getByTestId('capacity-form');
    const groups = guide.getByTestId('open-groups-form');
    try {
      await capacity.getByLabel(en.Account.trips.capacity).fill('1');
      await capacity.getByRole('button', { name: en.Account.trips.saveCapacity }).click();
      await expect(capacity.getByRole('status')).toHaveText(en.Account.trips.saved);
      await groups.getByRole('button', { name: en.Account.trips.addGroup }).click();
      const group = groups.getByTestId('group-row').last();
      const departure = `${start.slice(0, 8)}${String(Math.min(Number(start.slice(8)) + 6, 28)).padStart(2, '0')}`;
      await group.getByLabel(en.Account.trips.startsOn, { exact: true }).fill(departure);
      await group.getByLabel(/Price per person/).fill('4900');
      await groups.getByRole('button', { name: en.Account.trips.saveGroups }).click();
      await expect(groups.getByRole('status')).toHaveText(en.Account.trips.saved);
      const month = guide.getByTestId('month-loads').getByRole('row').filter({ hasText: new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${start}T00:00:00Z`)) });
      await expect(month).toContainText(en.Account.trips.loadBookedOf.replace('{booked, number}', '1').replace('{capacity, number}', '1'));

      // The traveller's page, opened before, sends: refused, the calendar read again, nothing typed lost.
      await drawer.getByRole('button', { name: en.BookingForm.submit }).click();
      await expect(drawer.getByText(en.Forms.errors.datesSoldOut)).toBeVisible();
      const picked = drawer.getByRole('grid').locator(`[data-date="${start}"]`);
      await expect(picked).toHaveAttribute('aria-disabled', 'true');
      await expect(picked).toContainText(en.Calendar.states.soldOut);
      await expect(drawer.getByTestId('chosen-dates')).toHaveText(en.BookingForm.noDates);
      await expect(drawer.getByLabel('Last name')).toHaveValue(lastName);
      await expect(drawer.getByLabel('Comment or questions')).toHaveValue(/training day/);
      // A page opened now offers none of those days either.
      const fresh = await browser.newPage();
      await fresh.goto(trip.path);
      const again = await openDrawer(fresh, 'en');
      await expect(again.getByRole('grid').locator(`[data-date="${start}"]`)).toHaveAttribute('aria-disabled', 'true');
      await fresh.close();
    } finally {
      // The trip as it was: its capacity, and no departure of this run.
      await guide.reload();
      await capacity.getByLabel(en.Account.trips.capacity).fill(trip.capacity);
      await capacity.getByRole('button', { name: en.Account.trips.saveCapacity }).click();
      await expect(capacity.getByRole('status')).toHaveText(en.Account.trips.saved);
      const rows = groups.getByTestId('group-row');
      for (let count = await rows.count(); count > 0; count -= 1) await rows.first().getByRole('button', { name: en.Account.trips.remove }).click();
      await groups.getByRole('button', { name: en.Account.trips.saveGroups }).click();
      await expect(groups.getByRole('status')).toHaveText(en.Account.trips.saved);
      await guideContext.close();
    }
  });
});
