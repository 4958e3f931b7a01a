import { describe, expect, it } from 'vitest';
import { readFormData } from '@/lib/forms/form-data';
import { guideApplicationSchema, guideDecisionSchema, guideProfileSchema } from '@/lib/forms/guide-application-schemas';
import { checkDocument, documentMediaType, MAX_DOCUMENT_BYTES, safeFileName } from '@/lib/forms/guide-document';
import { issuesByField } from '@/lib/forms/errors';

const KEY = 'application-key-0001';

/** The application as its form posts it (dotted names, a checkbox per language). */
function posted(overrides: Record<string, string | null> = {}): FormData {
  const fields: Record<string, string | null> = {
    idempotencyKey: KEY,
    locale: 'fr',
    name: 'Élise Martin',
    email: 'elise@example.com',
    companyType: 'mountain_guide',
    'baseTown': 'Chamonix-Mont-Blanc',
    'baseCountry': 'FR',
    'languages.1': 'es',
    'languages.2': 'fr',
    'certificationName': 'IFMGA/UIAGM',
    'certificationNumber': 'F-1234',
    'certificationIssuer': 'ENSA',
    'insurer': 'Assurance Montagne',
    'policyNumber': 'P-99',
    'insuranceExpiresOn': '2099-12-31',
    webAddress: '',
    bio: 'Guide depuis quinze ans.',
    acceptTerms: 'on',
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  return form;
}

const errorsOf = (form: FormData) => {
  const parsed = guideApplicationSchema.safeParse(readFormData(form));
  return parsed.success ? {} : issuesByField(parsed.error.issues);
};

describe('the guide application schema', () => {
  it('reads a complete application: languages in order, no website', () => {
    const parsed = guideApplicationSchema.parse(readFormData(posted()));
    expect(parsed).toMatchObject({ languages: ['es', 'fr'], webAddress: null, baseTown: 'Chamonix-Mont-Blanc', baseCountry: 'FR', insuranceExpiresOn: '2099-12-31' });
  });

  it('adds the scheme to a website typed without one', () => {
    expect(guideApplicationSchema.parse(readFormData(posted({ webAddress: 'guide.example' }))).webAddress).toBe('https://guide.example');
  });

  it.each([
    ['companyType', { companyType: 'helicopter' }, 'companyTypeRequired'],
    ['baseTown', { 'baseTown': '  ' }, 'basePlaceNotFound'],
    ['baseCountry', { 'baseCountry': 'France' }, 'basePlaceNotFound'],
    ['languages', { 'languages.1': null, 'languages.2': null }, 'guideLanguagesRequired'],
    ['languages', { 'languages.1': 'klingon' }, 'guideLanguagesRequired'],
    ['certificationNumber', { 'certificationNumber': '' }, 'certificationNumberRequired'],
    ['certificationIssuer', { 'certificationIssuer': '' }, 'certificationIssuerRequired'],
    ['insurer', { 'insurer': '' }, 'insurerRequired'],
    ['policyNumber', { 'policyNumber': '' }, 'policyNumberRequired'],
    ['insuranceExpiresOn', { 'insuranceExpiresOn': '2001-01-01' }, 'insuranceExpiryInvalid'],
    ['insuranceExpiresOn', { 'insuranceExpiresOn': 'soon' }, 'insuranceExpiryInvalid'],
    ['webAddress', { webAddress: 'ftp://files.example' }, 'websiteInvalid'],
    ['bio', { bio: '' }, 'guideBioRequired'],
    ['email', { email: 'not-an-address' }, 'emailInvalid'],
    ['acceptTerms', { acceptTerms: null }, 'termsRequired'],
  ])('refuses %s (%j) with %s', (field, overrides, message) => {
    expect(errorsOf(posted(overrides))[field]).toBe(message);
  });
});

describe('the guide decision schema', () => {
  const decision = (fields: Record<string, string>) => guideDecisionSchema.safeParse({ idempotencyKey: KEY, locale: 'en', guideId: '12', subject: 'application', reason: '', ...fields });
  it('approves without a reason but declines only with one', () => {
    expect(decision({ decision: 'approve' }).success).toBe(true);
    const declined = decision({ decision: 'decline' });
    expect(declined.success ? {} : issuesByField(declined.error.issues)).toEqual({ reason: 'declineReasonRequired' });
    expect(decision({ decision: 'decline', reason: 'Unreadable certificate' }).success).toBe(true);
  });
});

describe('the guide profile schema', () => {
  const profile = (fields: Record<string, unknown>) =>
    guideProfileSchema.safeParse({ idempotencyKey: KEY, locale: 'en', bioEn: 'Bio', bioFr: '', bioEs: '', languages: ['en'], certifications: 'IFMGA/UIAGM', responseHours: '24', webAddress: '', ...fields });
  it('reads certifications one per line, without blanks or repeats', () => {
    const parsed = profile({ certifications: ' IFMGA/UIAGM \n\nWFR\r\nIFMGA/UIAGM' });
    expect(parsed.success && parsed.data.certifications).toEqual(['IFMGA/UIAGM', 'WFR']);
  });
  it.each([['6', true], ['12', true], ['24', true], ['48', false], ['3', false], ['', false]])('a reply time of %j hours is %s', (hours, valid) => {
    expect(profile({ responseHours: hours }).success).toBe(valid);
  });
  it('needs a bio in at least one language', () => {
    const parsed = profile({ bioEn: '', bioFr: ' ', bioEs: '' });
    expect(parsed.success ? {} : issuesByField(parsed.error.issues)).toEqual({ bioEn: 'guideBioRequired' });
  });
});

describe('guide documents', () => {
  const bytes = (...values: number[]) => new Uint8Array([...values, 0, 0, 0, 0]);
  it.each([
    ['a PDF', bytes(0x25, 0x50, 0x44, 0x46, 0x2d), 'application/pdf'],
    ['a JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['a PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    ['a GIF', bytes(0x47, 0x49, 0x46, 0x38), null],
    ['HTML named .pdf', new TextEncoder().encode('<html><script>'), null],
  ])('reads %s by its first bytes', (_name, head, type) => {
    expect(documentMediaType(head)).toBe(type);
  });
  it('refuses a missing, an oversized or an unknown file', () => {
    expect(checkDocument(null)).toEqual({ ok: false, reason: 'missing' });
    expect(checkDocument(new Uint8Array())).toEqual({ ok: false, reason: 'missing' });
    const big = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect(checkDocument(big)).toEqual({ ok: false, reason: 'size' });
    expect(checkDocument(big.subarray(0, MAX_DOCUMENT_BYTES))).toEqual({ ok: true, mediaType: 'application/pdf' });
    expect(checkDocument(new TextEncoder().encode('GIF89a....'))).toEqual({ ok: false, reason: 'type' });
  });
  it('names the file safely, with the extension of its real type', () => {
    expect(safeFileName('C:\\fakepath\\diplôme "UIAGM".exe', 'application/pdf')).toBe('dipl_me _UIAGM_.pdf');
    expect(safeFileName('', 'image/png')).toBe('document.png');
  });
});
