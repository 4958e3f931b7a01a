import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { collectErrors, expectNoHorizontalScroll, expectThankYouInView, lookAt, perLocale, submitTwice } from './support';
import { fillBookingDrawer, firstPickableDay, openDrawer } from './support-booking';
import { waitForMail, type ReceivedMail } from './support-mail';

const messages = { en, fr, es } as const;
const tmb = { en: '/trip/tour-du-mont-blanc-guided-hut-trek', fr: '/fr/trip/tour-du-mont-blanc-accompagne-en-refuges', es: '/es/trip/tour-del-mont-blanc-guiado-por-refugios' };
const tmbTitle = { en: 'Tour du Mont Blanc', fr: 'Tour du Mont-Blanc', es: 'Tour del Mont Blanc' };
const guideMailbox = 'chamonix-alpine-guides@guides.cordee.example';
const fakes = `http://127.0.0.1:${Number(process.env.FAKES_PORT || 4319)}`;

const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function mailsTo(page: Page, address: string): Promise<ReceivedMail[]> {
  return (await (await page.request.get(`${fakes}/smtp/messages`, { params: { to: address } })).json()) as ReceivedMail[];
}

for (const locale of ['en', 'fr', 'es'] as const) {
  const m = messages[locale];
  test(`${locale}: the empty booking drawer shows the spec §5 messages in its language`, perLocale(locale), async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(tmb[locale]);
    const drawer = await openDrawer(page, locale);
    await drawer.getByRole('button', { name: m.BookingForm.submit }).click();
    for (const key of ['dateRangeInvalid', 'firstNameRequired', 'lastNameRequired', 'emailInvalid', 'phoneInvalid', 'questionsRequired', 'termsRequired', 'checkData'] as const) {
      await expect(drawer.getByText(m.Forms.errors[key], { exact: true }).first()).toBeVisible();
    }
    // The price it requests, in the page's language (fr at 375 px: no English in the drawer).
    await expect(drawer.getByTestId('price-summary')).toContainText(m.BookingForm.summary.title);
    await expect(drawer.getByTestId('summary-total')).toHaveText(/\d/);
    if (locale !== 'en') await expect(drawer).not.toContainText(/\b(Total for|per person|Deposit|Remainder|travellers?|within)\b/);
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });
}

test('each bad field gets its own message', async ({ page }) => {
  await page.goto(tmb.en);
  const drawer = await openDrawer(page, 'en');
  await drawer.getByLabel('Email').fill('not-an-email');
  await drawer.getByRole('textbox', { name: 'Phone number' }).fill('12');
  await drawer.getByLabel('Number of travellers').fill('40');
  await drawer.getByLabel('Comment or questions').fill('Hello');
  await drawer.getByRole('button', { name: en.BookingForm.submit }).click();
  await expect(drawer.getByText(en.Forms.errors.emailInvalid)).toBeVisible();
  await expect(drawer.getByText(en.Forms.errors.phoneInvalid)).toBeVisible();
  // Each limit is stated: the trip's own group size, the least detail a comment needs.
  await expect(drawer.getByText(/^Please enter between 1 and \d+ travellers\.$/)).toBeVisible();
  // The trip lasts 10 days, no more, no less: said, not asked.
  await expect(drawer.getByTestId('fixed-days')).toContainText('10 days');
  await expect(drawer.getByText(en.Forms.errors.commentTooShort.replace('{min, number}', '20'))).toBeVisible();
});

test('calendar by keyboard: an end date is asked for, then the minimum number of days', async ({ page }) => {
  await page.goto(tmb.en);
  const drawer = await openDrawer(page, 'en');
  const grid = drawer.getByRole('grid');
  await (await firstPickableDay(drawer)).focus();
  await page.keyboard.press('Enter');
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(1);
  await drawer.getByRole('button', { name: en.Calendar.confirm }).click();
  await expect(drawer.getByText(en.Calendar.errors.selectEndDate)).toBeVisible();
  // The same day as the end: shorter than the trip's minimum.
  await grid.locator('[role="gridcell"][tabindex="0"]').focus();
  await page.keyboard.press('Enter');
  await drawer.getByRole('button', { name: en.Calendar.confirm }).click();
  await expect(drawer.getByText(/^Minimum \d+ days required$/)).toBeVisible();
  await drawer.getByRole('button', { name: en.Calendar.clear }).click();
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(0);
});

test('a booking request is stored once and both e-mails arrive', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  const email = unique('booking');
  const lastName = `Lovelace-${testInfo.project.name}-${Date.now()}`;
  await page.goto(tmb.en);
  const cardTotal = await page.getByTestId('price-total').textContent();
  const drawer = await openDrawer(page, 'en');
  await fillBookingDrawer(page, drawer, { lastName, email, comment: 'We are two fit hikers; could we add a rest day in Courmayeur?' });
  // The drawer shows the price it requests: the trip page's, for the same two travellers.
  await expect(drawer.getByTestId('summary-total')).toHaveText(cardTotal!);
  const dates = await drawer.getByTestId('chosen-dates').textContent();
  // A double click (or a retry) stores one request.
  await submitTwice(drawer.getByRole('button', { name: en.BookingForm.submit }));
  await expectThankYouInView(page, en.BookingForm.sentTitle);
  const sent = drawer.getByTestId('form-sent');
  await expect(sent).toContainText(en.BookingForm.sentTitle);
  await expect(sent).toContainText('within 6 to 24 hours');
  // The thank-you restates what was stored: dates, travellers and price.
  await expect(sent.getByTestId('summary-dates')).toHaveText(dates!);
  await expect(sent.getByTestId('summary-travellers')).toHaveText('2');
  await expect(sent.getByTestId('summary-total')).toHaveText(cardTotal!);

  const confirmation = await waitForMail(page.request, { to: email });
  expect(confirmation.subject).toContain(tmbTitle.en);
  expect(confirmation.text).toContain('Ada');
  const notification = await waitForMail(page.request, { to: guideMailbox, subjectIncludes: lastName });
  expect(notification.replyTo).toContain(email);
  expect(notification.text).toContain('Courmayeur');
  await page.waitForTimeout(1500);
  expect(await mailsTo(page, email)).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('fr: a request sent in French is confirmed in French', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one locale round trip is enough per run');
  const email = unique('reservation');
  await page.goto(tmb.fr);
  const drawer = await openDrawer(page, 'fr');
  const group = drawer.getByLabel(fr.BookingForm.openGroup);
  const firstGroup = await group.locator('option:not([disabled])').nth(1).getAttribute('value');
  await group.selectOption(firstGroup!);
  await expect(drawer.getByRole('button', { name: fr.BookingForm.removeOpenGroup })).toBeVisible();
  await drawer.getByLabel('Nombre de voyageurs').fill('1');
  await drawer.getByLabel('Prénom').fill('Jeanne');
  await drawer.locator('input[autocomplete="family-name"]').fill('Barret');
  await drawer.getByLabel('E-mail').fill(email);
  await drawer.getByRole('textbox', { name: 'Numéro de téléphone' }).fill('06 12 34 56 78');
  await drawer.getByLabel('Commentaire ou questions').fill('Je voudrais rejoindre ce groupe avec une amie, est-ce possible ?');
  await drawer.getByRole('checkbox').check();
  await drawer.getByRole('button', { name: fr.BookingForm.submit }).click();
  await expect(drawer.getByTestId('form-sent')).toContainText(fr.BookingForm.sentTitle);
  // An opaque reference, never the request's number.
  await expect(drawer.getByTestId('form-sent')).toContainText(/Votre référence\s: [2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/);
  const confirmation = await waitForMail(page.request, { to: email });
  expect(confirmation.subject).toContain(tmbTitle.fr);
});

test('joining an open group holds the spots until the address is confirmed through the e-mailed link', async ({ page }) => {
  const errors = collectErrors(page);
  const email = unique('join');
  await page.goto('/trip/breithorn-ascent-from-zermatt');
  const row = page.getByTestId('open-groups').locator('li:not([data-full])').first();
  const group = await row.getAttribute('data-group');
  await row.getByTestId('join-group').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: en.OpenGroupJoin.join }).click();
  await expect(dialog.getByText(en.Forms.errors.fillEmail)).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Number of travellers').fill('1');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: en.OpenGroupJoin.join }).click();
  // One story: the thank-you says the places are held, with the deadline; the title only names the group.
  await expect(dialog.getByTestId('form-sent')).toContainText(en.OpenGroupJoin.heldTitle);
  await expect(dialog.getByTestId('join-outcome')).toHaveAttribute('data-status', 'held');
  await expect(dialog.getByTestId('join-outcome')).toContainText(/for 30 minutes, until \d{1,2}:\d{2}/);
  await expect(page.getByRole('dialog', { name: /^Open group of / })).toBeVisible();

  // The e-mail states the deadline and carries the link; the button on its page confirms and signs in.
  const mail = await waitForMail(page.request, { to: email, subjectIncludes: 'Confirm your places' });
  expect(mail.text).toMatch(/for 30 minutes, until [^.]+ UTC\./);
  const link = mail.text.match(/https?:\/\/\S+token=[a-z2-7]{32}/)![0];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.Account.signIn.confirmJoinTitle);
  await page.getByTestId('confirm-sign-in').click();
  await expect(page.getByTestId('join-notice')).toHaveText(en.Account.bookings.joinConfirmed);
  await expect(page.getByTestId('request-thread').filter({ hasText: 'Breithorn' }).getByTestId('join-status')).toHaveText(en.Account.joinStatuses.confirmed);
  await waitForMail(page.request, { to: email, subjectIncludes: 'You joined the group' });

  // Signed in now: the same address joining the same group again is told of its join.
  await page.goto('/trip/breithorn-ascent-from-zermatt');
  await page.locator(`[data-testid="open-groups"] li[data-group="${group}"]`).getByTestId('join-group').click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Number of travellers').fill('1');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: /^(Join this group|Join the waitlist)$/ }).click();
  await expect(dialog.getByTestId('form-sent')).toContainText(en.OpenGroupJoin.alreadyTitle);
  await expect(dialog.getByTestId('join-outcome')).toHaveText(en.OpenGroupJoin.joinedText.replace('{email}', email));
  expect(errors).toEqual([]);
});

test('the more-information flow ends on the thank-you screen', async ({ page }) => {
  const email = unique('question');
  await page.goto(tmb.es);
  await page.getByTestId('ask-guide').click();
  const dialog = page.getByRole('dialog', { name: es.GuideQuestion.title });
  await dialog.getByRole('button', { name: es.GuideQuestion.submit }).click();
  await expect(dialog.getByText(es.Forms.errors.firstNameRequired)).toBeVisible();
  await expect(dialog.getByText(es.Forms.errors.questionsRequired)).toBeVisible();
  await dialog.locator('input[autocomplete="given-name"]').fill('Lucía');
  await dialog.getByLabel('Apellidos').fill('García');
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Tus preguntas').fill('¿Qué material necesito para los refugios en septiembre?');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: es.GuideQuestion.submit }).click();
  await expect(dialog.getByTestId('form-sent')).toContainText(es.GuideQuestion.sentTitle);
  const mail = await waitForMail(page.request, { to: email });
  expect(mail.text).toContain(tmbTitle.es);
  await waitForMail(page.request, { to: guideMailbox, subjectIncludes: 'Lucía' });
});

test('the need-help form asks for a full name and reaches support', async ({ page }) => {
  const email = unique('help');
  await page.goto(tmb.en);
  const form = page.getByTestId('need-help-form');
  await form.getByRole('button', { name: en.NeedHelp.submit }).click();
  await expect(form.getByText(en.Forms.errors.fullNameRequired)).toBeVisible();
  await form.getByLabel('Full name').fill('Grace Hopper');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Can I pay the deposit by bank transfer?');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: en.NeedHelp.submit }).click();
  await expectThankYouInView(page, en.NeedHelp.sentTitle);
  await waitForMail(page.request, { to: email });
});

test('another traveller count or currency keeps what was typed in the drawer and the need-help form', async ({ page, baseURL }, testInfo) => {
  await page.goto(tmb.en);
  const drawer = await openDrawer(page, 'en');
  await (await firstPickableDay(drawer)).focus();
  await page.keyboard.press('Enter');
  for (let step = 0; step < 9; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  // Picked dates show at once, said to be unconfirmed until confirmed.
  const chosen = drawer.getByTestId('chosen-dates');
  await expect(drawer.getByTestId('dates-not-confirmed')).toHaveText(en.BookingForm.notConfirmed);
  await lookAt(page, `en-drawer-dates-${testInfo.project.name}`);
  await drawer.getByRole('button', { name: en.Calendar.confirm }).click();
  await expect(drawer.getByTestId('dates-not-confirmed')).toHaveCount(0);
  const dates = await chosen.textContent();
  await drawer.getByLabel('First name').fill('Ada');
  await drawer.getByLabel('Comment or questions').fill('A rest day in Courmayeur?');
  await drawer.getByRole('button', { name: en.Forms.close }).click();
  await page.getByTestId('need-help-form').getByLabel('Message').fill('Bank transfer?');

  await page.getByTestId('booking-card').getByRole('button', { name: en.TripPage.booking.moreTravellers }).click();
  await expect(page.getByTestId('traveller-count')).toHaveText('3 travellers');
  await page.context().addCookies([{ name: 'currency', value: 'GBP', url: baseURL! }]);
  await page.reload();
  await expect(page.getByTestId('price-total')).toHaveText(/^£/);

  await expect(page.getByTestId('need-help-form').getByLabel('Message')).toHaveValue('Bank transfer?');
  const again = await openDrawer(page, 'en');
  await expect(again.getByTestId('chosen-dates')).toHaveText(dates!);
  await expect(again.getByLabel('First name')).toHaveValue('Ada');
  await expect(again.getByLabel('Comment or questions')).toHaveValue('A rest day in Courmayeur?');
  await expect(again.getByLabel('Number of travellers')).toHaveValue('3');
});
