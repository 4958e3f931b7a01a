import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, errorFields } from '@/lib/log';
import { scrubEvent, scrubBreadcrumb } from '@/lib/sentry-options';
import { REDACTED, scrubText, scrubUrl, scrubValue } from '@/lib/security/redact';
import { chatbotScriptSrc } from '@/lib/tracking/third-party';

const TOKEN = 'tok_5f8a1c2e9b7d4a6f8e1c3b5a7d9f0e2c';
const SESSION = 'sess_b3c9d1e7f5a2c4e6a8b0d2f4a6c8e0b2';

/** A logger writing into a string, as the server's writes to stdout. */
function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger(destination as never), output: () => lines.join('') };
}

describe('scrubbing secrets from what leaves the process', () => {
  it.each([
    [`/account/sign-in/confirm?token=${TOKEN}`, '/account/sign-in/confirm?token=[redacted]'],
    [`https://cordee.example/fr/compte/connexion?next=%2Ffr&token=${TOKEN}#x`, 'https://cordee.example/fr/compte/connexion?next=%2Ffr&token=[redacted]#x'],
    [`/x?Session_Id=${SESSION}&page=2`, '/x?Session_Id=[redacted]&page=2'],
    ['/trip/mont-blanc?travellers=2', '/trip/mont-blanc?travellers=2'],
  ])('scrubUrl(%s)', (url, expected) => {
    expect(scrubUrl(url)).toBe(expected);
  });

  it('scrubs tokens, bearer credentials and session cookies inside any text', () => {
    const text = `GET /account/sign-in?token=${TOKEN} failed; Authorization: Bearer ${TOKEN}; Cookie: cordee_session=${SESSION}; currency=EUR`;
    const scrubbed = scrubText(text);
    expect(scrubbed).not.toContain(TOKEN);
    expect(scrubbed).not.toContain(SESSION);
    expect(scrubbed).toContain('currency=EUR');
    expect(scrubText(scrubbed)).toBe(scrubbed);
  });

  it('redacts secret fields by name at any depth, keeps the rest, survives cycles', () => {
    const value: Record<string, unknown> = { headers: { cookie: `cordee_session=${SESSION}`, 'x-request-id': 'abc' }, mail: { to: 'a@b.example', text: 'Dear guide, …', html: '<p>Dear</p>' }, code: 'ECONNREFUSED' };
    value.self = value;
    const scrubbed = scrubValue(value) as Record<string, Record<string, unknown>>;
    expect(scrubbed.headers!.cookie).toBe(REDACTED);
    expect(scrubbed.headers!['x-request-id']).toBe('abc');
    expect(scrubbed.mail!.text).toBe(REDACTED);
    expect(scrubbed.mail!.html).toBe(REDACTED);
    expect(scrubbed.code).toBe('ECONNREFUSED');
  });

  it('the chatbot never receives the page URL’s token', () => {
    const src = chatbotScriptSrc('https://chat.example/embed.js', `https://cordee.example/account/sign-in?token=${TOKEN}`);
    expect(decodeURIComponent(src)).not.toContain(TOKEN);
  });

  it('Sentry events and breadcrumbs lose tokens, cookies and secret headers', () => {
    const event = scrubEvent({
      message: `render failed at /account/sign-in?token=${TOKEN}`,
      request: { url: `https://cordee.example/account/sign-in?token=${TOKEN}`, query_string: `token=${TOKEN}`, cookies: { cordee_session: SESSION }, headers: { Cookie: `cordee_session=${SESSION}`, Authorization: `Bearer ${TOKEN}`, 'User-Agent': 'x' } },
      exception: { values: [{ type: 'Error', value: `fetch /account/sign-in?token=${TOKEN}` }] },
    });
    const crumb = scrubBreadcrumb({ category: 'navigation', data: { from: '/', to: `/account/sign-in?token=${TOKEN}` } });
    const serialized = JSON.stringify([event, crumb]);
    expect(serialized).not.toContain(TOKEN);
    expect(serialized).not.toContain(SESSION);
    expect(event.request!.headers!['User-Agent']).toBe('x');
  });
});

describe('the server logger', () => {
  it('writes no token, session or e-mail body, whether in the message, a field or an error', () => {
    const { log, output } = capturedLogger();
    const failure = new Error(`render of /account/sign-in?token=${TOKEN} failed`, { cause: new Error(`cookie cordee_session=${SESSION}`) });
    log.error({ ...errorFields(failure), path: `/account/sign-in?token=${TOKEN}`, headers: { cookie: `cordee_session=${SESSION}` } }, `request failed: /account/sign-in?token=${TOKEN}`);
    log.info({ mail: { subject: 'Your sign-in link', text: `Open https://cordee.example/account/sign-in?token=${TOKEN}` } }, 'mail queued');
    log.error({ err: failure }, 'pino err field');
    const written = output();
    expect(written).toContain('request failed');
    expect(written).toContain('Your sign-in link');
    expect(written).not.toContain(TOKEN);
    expect(written).not.toContain(SESSION);
  });

  it('keeps an error’s cause chain with its codes (a pool timeout says why)', () => {
    const { log, output } = capturedLogger();
    const timeout = Object.assign(new Error('timeout exceeded when trying to connect'), { code: 'POOL_TIMEOUT' });
    log.error(errorFields(new Error('Failed query: select 1', { cause: timeout })), 'request failed');
    const line = JSON.parse(output()) as { error: { message: string; cause: { message: string; code: string } } };
    expect(line.error.message).toBe('Failed query: select 1');
    expect(line.error.cause.message).toBe('timeout exceeded when trying to connect');
    expect(line.error.cause.code).toBe('POOL_TIMEOUT');
  });
});
