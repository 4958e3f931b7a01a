import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, forLog } from '@/lib/security/clean-text';
import { botVerdict, isSameOrigin } from '@/lib/security/submission-guard';

const site = 'https://www.cordee.example';

describe('isSameOrigin', () => {
  it.each([
    ['same host', { origin: 'http://127.0.0.1:3300', secFetchSite: 'same-origin', host: '127.0.0.1:3300' }, true],
    ['the public origin behind a proxy', { origin: site, secFetchSite: null, host: 'internal:3000' }, true],
    ['another site', { origin: 'https://evil.example', secFetchSite: 'cross-site', host: 'www.cordee.example' }, false],
    ['another site claiming the host', { origin: 'https://evil.example', secFetchSite: null, host: 'www.cordee.example' }, false],
    ['a same-site subdomain', { origin: 'https://shop.cordee.example', secFetchSite: 'same-site', host: 'www.cordee.example' }, false],
    ['no Origin', { origin: null, secFetchSite: null, host: 'www.cordee.example' }, false],
    ['an opaque origin', { origin: 'null', secFetchSite: null, host: 'www.cordee.example' }, false],
    ['a malformed Origin', { origin: '::::', secFetchSite: null, host: 'www.cordee.example' }, false],
  ])('%s', (_, request, expected) => {
    expect(isSameOrigin({ ...request, siteUrl: site })).toBe(expected);
  });
});

describe('botVerdict', () => {
  it('lets a person through after the minimum fill time', () => {
    expect(botVerdict({ website: '', fillMs: 4000 }, 1500)).toBe('person');
  });
  it('refuses a filled honeypot, whatever the time', () => {
    expect(botVerdict({ website: 'https://spam.example', fillMs: 60_000 }, 1500)).toBe('honeypot');
    expect(botVerdict({ website: 1, fillMs: 60_000 }, 1500)).toBe('honeypot');
  });
  it('refuses a form sent too fast, or with a time that is not one', () => {
    expect(botVerdict({ website: '', fillMs: 200 }, 1500)).toBe('too-fast');
    expect(botVerdict({ website: '', fillMs: '200' }, 1500)).toBe('too-fast');
    expect(botVerdict({ fillMs: Number.NaN }, 1500)).toBe('too-fast');
    expect(botVerdict({ fillMs: 'soon' }, 1500)).toBe('too-fast');
  });
  it('reads the time a form sends as text', () => {
    expect(botVerdict({ website: '', fillMs: '4000' }, 1500)).toBe('person');
  });
  it('leaves a form sent without its time (no JavaScript to measure it) to the honeypot alone', () => {
    expect(botVerdict({ website: '' }, 1500)).toBe('person');
    expect(botVerdict({ website: '', fillMs: '' }, 1500)).toBe('person');
    expect(botVerdict({ website: 'x' }, 1500)).toBe('honeypot');
    expect(botVerdict(null, 1500)).toBe('person');
  });
  it('skips the time check when the minimum is 0', () => {
    expect(botVerdict({}, 0)).toBe('person');
  });
});

describe('forLog', () => {
  it('keeps any text on one line, without control characters, bounded', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (text) => {
        const clean = forLog(text);
        expect(clean).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e]/);
        expect(clean.length).toBeLessThanOrEqual(201);
      }),
    );
    expect(forLog('Jane\r\nSet-Cookie: x')).toBe('Jane Set-Cookie: x');
    // A hundred long binary strings: about a second alone, more on a busy machine.
  }, 30_000);
});

describe('cleanText', () => {
  it('keeps a single line on one line, without controls or bidi overrides', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(cleanText(text)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
        expect(cleanText(text, { multiline: true })).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      }),
    );
    expect(cleanText('Jane\r\nBcc: all@example.com')).toBe('Jane Bcc: all@example.com');
    expect(cleanText('line one\r\nline two\u0007', { multiline: true })).toBe('line one\nline two');
    expect(cleanText('Zoë 山 🏔️')).toBe('Zoë 山 🏔️');
  });
});
