import { expect, test, type Locator, type Page } from '@playwright/test';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import { lookAt } from './support';
import { signInAsSupport, signInLinkFor, unique } from './support-account';
import { writeTexts } from './support-authoring';
import { sendRequest } from './support-booking';
import { waitForMail } from './support-mail';
import { photo } from './support-photos';

const messages = { en, fr } as const;
type Locale = keyof typeof messages;
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The guide application filled as a new guide would and sent. */
async function apply(page: Page, locale: Locale, guide: { name: string; email: string }) {
  const m = messages[locale].GuideApplication;
  await page.goto(`/account/apply?lan=${locale}`);
  const form = page.getByTestId('guide-application-form');
  await form.locator('[name="name"]').fill(guide.name);
  await form.locator('[name="email"]').fill(guide.email);
  await form.locator('[name="companyType"]').selectOption('mountain_guide');
  await form.locator('[name="baseTown"]').fill('Chamonix');
  await form.locator('[name="baseCountry"]').selectOption('FR');
  await form.locator('input[name="languages.0"]').check();
  await form.locator('input[name="languages.1"]').check();
  await form.locator('[name="bio"]').fill(locale === 'en' ? 'Mountain guide in the Mont Blanc range.' : 'Guide de haute montagne dans le massif du Mont-Blanc.');
  await form.locator('[name="certificationName"]').fill('IFMGA/UIAGM');
  await form.locator('[name="certificationNumber"]').fill(`J-${Date.now()}`);
  await form.locator('[name="certificationIssuer"]').fill('ENSA');
  await form.getByTestId('guide-document').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.locator('[name="insurer"]').fill('Mountain Mutual');
  await form.locator('[name="policyNumber"]').fill('MM-2026');
  await form.locator('[name="insuranceExpiresOn"]').fill('2099-06-30');
  await form.locator('input[name="acceptTerms"]').check();
  await form.getByRole('button', { name: m.submit }).click();
  await expect(page.getByTestId('form-sent')).toContainText(m.sentTitle);
}

/** Whether the element's text stays inside it and it inside the viewport (the body clips what overflows). */
const fitsTheWidth = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().right <= document.documentElement.clientWidth);

/** Every URL of the sitemap, its parts fetched when it is an index. */
async function sitemapXml(page: Page) {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const parts = [...sitemap.matchAll(/<loc>([^<]+\/sitemaps\/\d+\.xml)<\/loc>/g)].map((match) => match[1]!.replace(/^https?:\/\/[^/]+/, ''));
  return parts.length ? (await Promise.all(parts.map(async (part) => (await page.request.get(part)).text()))).join('') : sitemap;
}

// spec: the acceptance test of the guide side, in English on desktop and in French at 375 px. Every
// run is a new guide (its own name, address and trip title): a re-run on the same database passes.
test('a new guide applies, is approved, publishes a trip with photos; travellers find it and request it', async ({ page, browser, baseURL, isMobile }) => {
  test.setTimeout(300_000);
  const locale: Locale = isMobile ? 'fr' : 'en';
  const m = messages[locale];
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const guide = { name: `Journey Guide ${locale.toUpperCase()} ${stamp}`, email: unique(`journey-${locale}`) };
  const word = `cairnjourney${stamp}`;
  const title = `${word} Aiguilles traverse`;

  // 1. The application, then the e-mailed link: the address is confirmed and the guide signed in.
  await apply(page, locale, guide);
  const link = await signInLinkFor(page.request, guide.email, 0, m.Emails.guideApplication.subject);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByTestId('confirm-sign-in').click();
  await expect(page).toHaveURL(new RegExp(`/account/guide\\?lan=${locale}`));
  await expect(page.getByTestId('application-waiting')).toHaveText(m.GuideProfile.waiting);

  // 2. Support approves the application.
  const supportContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const support = await supportContext.newPage();
  await signInAsSupport(support, locale);
  await support.goto(`/account/support?lan=${locale}`);
  const verification = support.locator(`[data-testid="guide-verification"][data-guide="${guide.name}"]`);
  await verification.getByTestId('approve-guide').click();
  await expect(verification).toHaveCount(0);
  await waitForMail(page.request, { to: guide.email, subjectIncludes: m.Emails.guideDecision.applicationApproved.subject });

  // 3. The approved guide creates a draft from the guide area.
  await page.reload();
  await expect(page.getByTestId('application-waiting')).toHaveCount(0);
  const create = page.getByTestId('new-trip-form');
  await create.getByLabel(m.TripAuthoring.newTrip.tripTitle.replace('{language}', ''), { exact: false }).fill(title);
  await create.getByLabel(m.TripAuthoring.facts.place).fill('Zermatt');
  await create.getByRole('checkbox', { name: m.Catalogue.activity.trekking }).check();
  await create.getByRole('checkbox', { name: locale === 'en' ? 'English' : 'français' }).check();
  await create.getByLabel(m.TripAuthoring.facts.durationDays).fill('5');
  await create.getByLabel(m.TripAuthoring.facts.pricingMode).selectOption('per_person_per_day');
  await create.getByRole('button', { name: m.TripAuthoring.newTrip.create }).click();
  await create.getByRole('link', { name: m.TripAuthoring.newTrip.open }).click();
  await expect(page.getByTestId('publication')).toHaveAttribute('data-status', 'draft');
  const editor = page.url();

  // Texts in the three languages, three photos with their alt text in each, a price and an open group.
  for (const textLocale of ['en', 'fr', 'es'] as const) await writeTexts(page, locale, textLocale, textLocale === locale ? title : `${title} ${textLocale}`);
  const uploader = page.getByTestId('photo-uploader');
  const items = uploader.getByTestId('photo-item');
  // The uploader loads once its section nears the screen.
  await page.getByTestId('trip-photos-editor').scrollIntoViewIfNeeded();
  await uploader.getByLabel(m.PhotoUploader.choose).setInputFiles([await photo('#4a6fa5', 'ridge.jpg'), await photo('#a5744a', 'hut.jpg'), await photo('#4aa56f', 'meadow.jpg')]);
  await expect(items).toHaveCount(3, { timeout: 60_000 });
  const alts = [`${word} ridge`, `${word} hut`, `${word} meadow`];
  for (const [index, alt] of alts.entries()) {
    const item = items.nth(index);
    await item.getByLabel(fill(m.PhotoUploader.altLabel, { language: 'English' })).fill(alt);
    await item.getByLabel(fill(m.PhotoUploader.altLabel, { language: 'Français' })).fill(`${alt} (fr)`);
    await item.getByLabel(fill(m.PhotoUploader.altLabel, { language: 'Español' })).fill(`${alt} (es)`);
    await item.getByRole('button', { name: fill(m.PhotoUploader.saveAlt, { number: index + 1 }) }).click();
    await expect(item.getByText(m.PhotoUploader.ready)).toBeVisible();
  }
  const prices = page.getByTestId('prices-form');
  await prices.getByRole('button', { name: m.Account.trips.addPrice }).click();
  await prices.getByTestId('price-row').last().getByLabel(/\(EUR\)/).fill('190');
  await prices.getByRole('button', { name: m.Account.trips.savePrices }).click();
  await expect(prices.getByRole('status')).toBeVisible();
  const groups = page.getByTestId('open-groups-form');
  await groups.getByRole('button', { name: m.Account.trips.addGroup }).click();
  const departure = new Date(Date.now() + 75 * 86_400_000).toISOString().slice(0, 10);
  await groups.getByLabel(m.Account.trips.startsOn, { exact: true }).last().fill(departure);
  await groups.getByLabel(/\(EUR\)/).last().fill('900');
  await groups.getByRole('button', { name: m.Account.trips.saveGroups }).click();
  await expect(groups.getByRole('status')).toBeVisible();

  // 4. The private preview: the trip page with its photos, not indexed.
  await page.getByTestId('preview-link').click();
  await expect(page.getByTestId('preview-banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByTestId('gallery').getByRole('img')).toHaveCount(3);
  await page.goto(editor);

  // 5. Submitted: a new guide's first trip waits for support, who approves it.
  await page.getByTestId('submit-trip').getByRole('button').click();
  const publication = page.getByTestId('publication');
  await expect(publication).toHaveAttribute('data-status', 'submitted');
  await expect(publication).toContainText(m.TripAuthoring.lifecycle.submittedNote);
  const slug = await page.getByTestId(`texts-form-${locale}`).getByLabel(m.TripAuthoring.texts.slug, { exact: true }).inputValue();
  expect(slug).toBe(`${word}-aiguilles-traverse`);
  await support.goto(`/account/support?lan=${locale}`);
  const queued = support.getByTestId('queued-trip').filter({ hasText: title });
  await queued.getByTestId('approve-trip').getByRole('button').click();
  await expect(queued).toHaveCount(0);
  const approvedAt = Date.now();
  await supportContext.close();
  await page.reload();
  await expect(publication).toHaveAttribute('data-status', 'live');

  // 6. Live within seconds: in the search by its title, and in the sitemap.
  const travellerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile, hasTouch: isMobile });
  await travellerContext.addCookies([{ name: 'currency', value: 'EUR', url: baseURL! }]);
  const traveller = await travellerContext.newPage();
  await expect(async () => {
    await traveller.goto(`${prefix(locale)}/search?query=${word}`);
    await expect(traveller.getByRole('link', { name: new RegExp(word) }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  expect(await fitsTheWidth(traveller.getByTestId('search-count'))).toBe(true);
  await lookAt(traveller, `search-${locale}`);
  await expect.poll(() => sitemapXml(traveller), { timeout: 10_000 }).toContain(`/trip/${slug}<`);
  expect(Date.now() - approvedAt).toBeLessThan(20_000);

  // 7. Its page shows the gallery, each photo described in the page's language.
  await traveller.getByRole('link', { name: new RegExp(word) }).first().click();
  await expect(traveller).toHaveURL(new RegExp(`${prefix(locale)}/trip/${slug}`));
  const gallery = traveller.getByTestId('gallery');
  await expect(gallery.getByRole('img')).toHaveCount(3);
  // Its title, one long word included, fits the width.
  const heading = traveller.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(title);
  expect(await fitsTheWidth(heading)).toBe(true);
  const described = alts.map((alt) => (locale === 'en' ? alt : `${alt} (${locale})`));
  await expect(gallery.getByRole('img').nth(0)).toHaveAttribute('alt', described[0]!);
  for (const alt of described) await expect(gallery.getByRole('img', { name: alt, exact: true })).toHaveCount(1);
  await lookAt(traveller, `trip-${locale}`);

  // 8. A traveller requests it from the booking drawer; the guide sees the request in the guide area.
  const travellerEmail = unique(`journey-traveller-${locale}`);
  await sendRequest(traveller, locale, `${prefix(locale)}/trip/${slug}`, { email: travellerEmail, lastName: 'Somerville' });
  await travellerContext.close();
  await page.goto(`/account/guide?lan=${locale}`);
  await expect(page.locator('article').filter({ hasText: title }).filter({ hasText: travellerEmail })).toBeVisible();
  await expect(page.getByTestId('unanswered-count')).toHaveText(/one \{([^}]*)\}/.exec(m.Account.guide.unanswered)![1]!.replace('#', '1'));
});
