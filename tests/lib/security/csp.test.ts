import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { API_CONTENT_SECURITY_POLICY, ASSET_CONTENT_SECURITY_POLICY, contentSecurityPolicy, originOf, SECURITY_HEADERS, UNPROXIED_EXTENSIONS, UNPROXIED_PREFIXES } from '@/lib/security/csp';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('contentSecurityPolicy', () => {
  it('is strict without any third party', () => {
    const policy = contentSecurityPolicy({});
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('amplitude');
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('allows each configured third party where the browser needs it, by origin only', () => {
    const policy = contentSecurityPolicy({
      SENTRY_DSN: 'https://publickey@o1.ingest.sentry.io/42',
      NEXT_PUBLIC_SENTRY_DSN: 'https://otherkey@o2.ingest.de.sentry.io/7',
      NEXT_PUBLIC_AMPLITUDE_API_KEY: 'key',
      NEXT_PUBLIC_EXPERIMENT_DEPLOYMENT_KEY: 'client-key',
      NEXT_PUBLIC_AMPLITUDE_SERVER_URL: 'https://api2.amplitude.com/2/httpapi',
      NEXT_PUBLIC_EXPERIMENT_SERVER_URL: 'https://api.lab.amplitude.com',
      NEXT_PUBLIC_EXPERIMENT_FLAGS_SERVER_URL: 'https://flag.lab.amplitude.com/',
      NEXT_PUBLIC_CHATBOT_SCRIPT_URL: 'https://widget.chat.example/embed.js?id=1',
      ASSETS_URL: 'https://assets.cordee.example/images',
      NEWSLETTER_URL: 'https://cordee.us1.list-manage.com/subscribe?u=1',
    });
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://o1.ingest.sentry.io',
      'https://o2.ingest.de.sentry.io',
      'https://api2.amplitude.com',
      'https://api.lab.amplitude.com',
      'https://flag.lab.amplitude.com',
      'https://widget.chat.example',
    ]);
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'https://widget.chat.example']);
    expect(directive(policy, 'frame-src')).toEqual(['https://widget.chat.example']);
    expect(directive(policy, 'img-src')).toContain('https://assets.cordee.example');
    expect(directive(policy, 'form-action')).toEqual(["'self'", 'https://cordee.us1.list-manage.com']);
    expect(policy).not.toContain('publickey');
    expect(policy).not.toContain('/embed.js');
  });

  it('lists Amplitude and Experiment only with their keys, Experiment on its SDK hosts by default', () => {
    const urlsOnly = contentSecurityPolicy({ NEXT_PUBLIC_AMPLITUDE_SERVER_URL: 'https://api2.amplitude.com', NEXT_PUBLIC_EXPERIMENT_SERVER_URL: 'https://api.lab.amplitude.com' });
    expect(directive(urlsOnly, 'connect-src')).toEqual(["'self'"]);
    const keys = contentSecurityPolicy({ NEXT_PUBLIC_AMPLITUDE_API_KEY: 'k', NEXT_PUBLIC_AMPLITUDE_SERVER_URL: 'https://api2.amplitude.com', NEXT_PUBLIC_EXPERIMENT_DEPLOYMENT_KEY: 'd' });
    expect(directive(keys, 'connect-src')).toEqual(["'self'", 'https://api2.amplitude.com', 'https://api.lab.amplitude.com', 'https://flag.lab.amplitude.com']);
    expect(directive(contentSecurityPolicy({ NEXT_PUBLIC_AMPLITUDE_API_KEY: ' ', NEXT_PUBLIC_AMPLITUDE_SERVER_URL: 'https://api2.amplitude.com' }), 'connect-src')).toEqual(["'self'"]);
  });

  it('allows inline scripts only by the given nonce or hashes, never unsafe-inline', () => {
    expect(directive(contentSecurityPolicy({}, { scripts: { nonce: 'cmFuZG9tLW5vbmNlLTEyMw==' } }), 'script-src')).toEqual(["'self'", "'nonce-cmFuZG9tLW5vbmNlLTEyMw=='"]);
    const hashes = ['sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=', 'sha256-abc'];
    expect(directive(contentSecurityPolicy({ NEXT_PUBLIC_CHATBOT_SCRIPT_URL: 'https://chat.example/x.js' }, { scripts: { hashes } }), 'script-src')).toEqual([
      "'self'",
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
      "'sha256-abc'",
      'https://chat.example',
    ]);
    // A value that could end the source list or the directive is never written.
    expect(directive(contentSecurityPolicy({}, { scripts: { nonce: "x' 'unsafe-inline" } }), 'script-src')).toEqual(["'self'"]);
    expect(directive(contentSecurityPolicy({}, { scripts: { hashes: ['sha256-a; script-src *', 'md5-abc'] } }), 'script-src')).toEqual(["'self'"]);
    for (const scripts of [undefined, { nonce: 'bm9uY2U=' }, { hashes: ['sha256-abc'] }]) {
      expect(directive(contentSecurityPolicy({}, { scripts, development: true }), 'script-src')).not.toContain("'unsafe-inline'");
    }
  });

  it('ignores absent, empty and non-http values', () => {
    expect(contentSecurityPolicy({ NEXT_PUBLIC_CHATBOT_SCRIPT_URL: '', ASSETS_URL: undefined, SENTRY_DSN: 'javascript:alert(1)' })).toBe(contentSecurityPolicy({}));
    expect(originOf('not a url')).toBeNull();
    expect(originOf('http://127.0.0.1:4519/x')).toBe('http://127.0.0.1:4519');
  });

  it('lists a host named twice once', () => {
    const policy = contentSecurityPolicy({ SENTRY_DSN: 'https://a@sentry.example/1', NEXT_PUBLIC_SENTRY_DSN: 'https://b@sentry.example/1' });
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://sentry.example']);
  });

  it('lets the dev server evaluate and reload, and upgrades requests behind HTTPS', () => {
    expect(directive(contentSecurityPolicy({}, { development: true }), 'script-src')).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({}, { https: true }).endsWith('; upgrade-insecure-requests')).toBe(true);
  });
});

describe('fixed security headers', () => {
  it('include HSTS, nosniff, the referrer, permissions and opener policies', () => {
    const names = SECURITY_HEADERS.map((header) => header.key);
    expect(names).toEqual(expect.arrayContaining(['Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'Cross-Origin-Opener-Policy']));
    expect(API_CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
  });

  it('gives static files a policy under which nothing runs, loads from elsewhere or frames them', () => {
    expect(directive(ASSET_CONTENT_SECURITY_POLICY, 'default-src')).toEqual(["'none'"]);
    expect(directive(ASSET_CONTENT_SECURITY_POLICY, 'script-src')).toBeUndefined();
    expect(directive(ASSET_CONTENT_SECURITY_POLICY, 'object-src')).toEqual(["'none'"]);
    expect(directive(ASSET_CONTENT_SECURITY_POLICY, 'base-uri')).toEqual(["'none'"]);
    expect(directive(ASSET_CONTENT_SECURITY_POLICY, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it("names exactly the paths proxy.ts's matcher leaves out (each answer gets one policy)", () => {
    const matcher = /matcher: \['([^']+)'\]/.exec(readFileSync('proxy.ts', 'utf8'))?.[1]?.replaceAll('\\\\', '\\');
    expect(matcher).toBe(`/((?!${UNPROXIED_PREFIXES.join('|')}|.*\\.(?:${UNPROXIED_EXTENSIONS})$).*)`);
  });
});
