import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import { lookAt } from './support';
import { mailsTo, signInAsSupport, signInLinkFor, unique } from './support-account';
import { waitForMail } from './support-mail';

const messages = { en, fr } as const;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe('a guide applies, support approves, the guide edits their page', () => {
  test('apply → confirm the address → approved by support → bio edited, e-mails in the guide’s language', async ({ page, browser, isMobile }) => {
    test.setTimeout(90_000);
    // spec: every flow in its locale on desktop and at 375 px: English on desktop, French on the phone.
    const locale = isMobile ? 'fr' : 'en';
    const m = messages[locale];
    const email = unique(`guide-${locale}`);
    const name = `Guide ${locale.toUpperCase()} ${Date.now()}`;

    // The footer's "Join us as a guide" opens the application.
    await page.goto(locale === 'en' ? '/' : '/fr');
    const joinUs = await page.getByTestId('site-footer').getByRole('link', { name: m.Footer.joinUs }).getAttribute('href');
    await page.goto(joinUs!);
    await expect(page).toHaveURL(new RegExp(`/account/apply\\?lan=${locale}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.GuideApplication.title);

    const form = page.getByTestId('guide-application-form');
    // A refusal first: every field's error in the page's language, what was typed kept.
    await expect(form.getByText(m.GuideApplication.name)).toBeVisible();
    await form.locator('[name="name"]').fill(name);
    await form.getByRole('button', { name: m.GuideApplication.submit }).click();
    await expect(form.getByText(m.Forms.errors.companyTypeRequired)).toBeVisible();
    await expect(form.locator('[name="name"]')).toHaveValue(name);

    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="companyType"]').selectOption('mountain_guide');
    await form.locator('[name="baseTown"]').fill(locale === 'en' ? 'Annecy' : 'Grenoble');
    await form.locator('[name="baseCountry"]').selectOption('FR');
    await form.locator('input[name="languages.0"]').check();
    await form.locator('input[name="languages.2"]').check();
    await form.locator('[name="bio"]').fill(locale === 'en' ? 'Alpine guide for twenty years.' : 'Guide alpin depuis vingt ans.');
    await form.locator('[name="certificationName"]').fill('IFMGA/UIAGM');
    await form.locator('[name="certificationNumber"]').fill('F-2026-17');
    await form.locator('[name="certificationIssuer"]').fill('ENSA');
    await form.getByTestId('guide-document').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.locator('[name="insurer"]').fill('Mountain Mutual');
    await form.locator('[name="policyNumber"]').fill('MM-991');
    await form.locator('[name="insuranceExpiresOn"]').fill('2099-06-30');
    await form.locator('input[name="acceptTerms"]').check();
    await form.getByRole('button', { name: m.GuideApplication.submit }).click();
    await expect(page.getByTestId('form-sent')).toContainText(m.GuideApplication.sentTitle);

    // The e-mail's link confirms the address and opens the guide area, where the application waits.
    const link = await signInLinkFor(page.request, email, 0, m.Emails.guideApplication.subject);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByTestId('confirm-sign-in').click();
    await expect(page).toHaveURL(new RegExp(`/account/guide\\?lan=${locale}`));
    await expect(page.getByTestId('application-waiting')).toHaveText(m.GuideProfile.waiting);

    // Support (another browser) opens the document and approves.
    const support = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const supportPage = await support.newPage();
    await signInAsSupport(supportPage, locale);
    await supportPage.goto(`/account/support?lan=${locale}`);
    const verification = supportPage.locator(`[data-testid="guide-verification"][data-guide="${name}"]`);
    await expect(verification).toBeVisible();
    const documentHref = await verification.getByTestId('guide-documents').getByRole('link').getAttribute('href');
    const document = await supportPage.request.get(documentHref!);
    expect(document.status()).toBe(200);
    expect(document.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await document.body()).equals(PDF)).toBe(true);
    // Not to anyone else: the guide's own session gets a 404.
    expect((await page.request.get(documentHref!)).status()).toBe(404);
    await verification.getByTestId('approve-guide').click();
    await expect(verification).toHaveCount(0);
    await support.close();

    const approved = await waitForMail(page.request, { to: email, subjectIncludes: m.Emails.guideDecision.applicationApproved.subject });
    expect(approved.text).toContain(m.Emails.guideDecision.applicationApproved.text);

    // Approved: the guide edits their page's bio in the page's language.
    await page.reload();
    const profile = page.getByTestId('guide-profile-form');
    const bio = locale === 'en' ? 'Alpine guide for twenty years, now also on ski tours.' : 'Guide alpin depuis vingt ans, aussi à ski de randonnée.';
    await profile.locator(`textarea[name="${locale === 'en' ? 'bioEn' : 'bioFr'}"]`).fill(bio);
    await profile.getByRole('button', { name: m.GuideProfile.submit }).click();
    await expect(page.getByTestId('profile-saved')).toHaveText(m.GuideProfile.saved);

    // The public page shows it.
    await page.getByRole('link', { name: m.GuideProfile.view }).click();
    await expect(page.getByTestId('guide-bio')).toContainText(bio);
    expect((await mailsTo(page.request, email)).map((mail) => mail.subject)).toEqual([m.Emails.guideApplication.subject, m.Emails.guideDecision.applicationApproved.subject]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the application is sent with its document, and a refusal keeps what was typed', async ({ page, isMobile }) => {
    const locale = isMobile ? 'fr' : 'en';
    const m = messages[locale];
    await page.goto(`/account/apply?lan=${locale}`);
    await lookAt(page, `apply-${locale}`, { fullPage: true });
    const form = page.getByTestId('guide-application-form');
    await form.locator('[name="name"]').fill('Nojs Guide');
    await form.locator('[name="baseTown"]').fill('Nowhere-on-Earth');
    await form.getByRole('button', { name: m.GuideApplication.submit }).click();
    await expect(page.getByText(m.Forms.errors.companyTypeRequired)).toBeVisible();
    await expect(form.locator('[name="name"]')).toHaveValue('Nojs Guide');

    const email = unique(`nojs-${locale}`);
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="companyType"]').selectOption('guiding_agency');
    await form.locator('[name="baseTown"]').fill('Chambéry');
    await form.locator('[name="baseCountry"]').selectOption('FR');
    await form.locator('input[name="languages.2"]').check();
    await form.locator('[name="bio"]').fill('Agence de montagne.');
    await form.locator('[name="certificationName"]').fill('IFMGA/UIAGM');
    await form.locator('[name="certificationNumber"]').fill('A-1');
    await form.locator('[name="certificationIssuer"]').fill('SNGM');
    // A text file named .pdf is refused by its bytes.
    await form.getByTestId('guide-document').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await form.locator('[name="insurer"]').fill('Mutuelle');
    await form.locator('[name="policyNumber"]').fill('M-1');
    await form.locator('[name="insuranceExpiresOn"]').fill('2099-01-01');
    await form.locator('input[name="acceptTerms"]').check();
    await form.getByRole('button', { name: m.GuideApplication.submit }).click();
    await expect(page.getByText(m.Forms.errors.documentType)).toBeVisible();
    await expect(form.locator('[name="certificationIssuer"]')).toHaveValue('SNGM');
    await form.getByTestId('guide-document').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) });
    await form.getByRole('button', { name: m.GuideApplication.submit }).click();
    await expect(page.getByTestId('form-sent')).toContainText(m.GuideApplication.sentTitle);
    await waitForMail(page.request, { to: email, subjectIncludes: m.Emails.guideApplication.subject });
  });
});
