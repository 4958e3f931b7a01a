import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes, scriptHashPolicy, withScriptHashPolicy } from '@/lib/security/script-hashes';
import { registerPagePolicy } from '@/lib/security/page-policy';
import { processRegistry } from '@/lib/process-registry';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

// The shape of a page Next.js writes: its chunks by src, its bootstrap and RSC payload inline.
const bootstrap = '(self.__next_f=self.__next_f||[])';
const payload = 'self.__next_f.push([1,"0:{\\"P\\":null,\\"b\\":\\"é\\"}\\n"])';
const page = [
  '<!DOCTYPE html><html lang="fr"><head><script src="/_next/static/chunks/main.js" async=""></script>',
  '<script type="application/ld+json">{"@type":"Trip"}</script></head><body><p>&lt;script&gt;no&lt;/script&gt;</p>',
  `<script>${bootstrap}</script><script>${payload}</script><script type="module">import "/x.js"</script>`,
  `<script>${bootstrap}</script><script id="__x" type="text/javascript">a()\r\nb()</script></body></html>`,
].join('');

afterEach(() => {
  delete processRegistry().pagePolicy;
});

describe('inlineScriptHashes', () => {
  it('hashes each inline script once, as the browser reads it, and nothing else', () => {
    expect(inlineScriptHashes(page)).toEqual([sha256(bootstrap), sha256(payload), sha256('import "/x.js"'), sha256('a()\nb()')]);
    expect(inlineScriptHashes('<script></script>')).toEqual(['sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=']);
    expect(inlineScriptHashes('<p>no script</p>')).toEqual([]);
  });
});

describe('withScriptHashPolicy', () => {
  it("puts the registered configuration's policy with the page's hashes into the stored headers, in place", () => {
    registerPagePolicy({ NEXT_PUBLIC_CHATBOT_SCRIPT_URL: 'https://chat.example/embed.js' }, {});
    const headers: Record<string, string> = { 'x-next-cache-tags': 'a,b', 'Content-Security-Policy': "script-src 'unsafe-inline'" };
    const value = { kind: 'APP_PAGE', html: page, headers };
    withScriptHashPolicy(value);
    expect(value.headers).toBe(headers);
    expect(Object.keys(headers).filter((name) => name.toLowerCase() === 'content-security-policy')).toEqual(['content-security-policy']);
    const scriptSrc = headers['content-security-policy']!.split('; ').find((entry) => entry.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' '${sha256(bootstrap)}' '${sha256(payload)}' '${sha256('import "/x.js"')}' '${sha256('a()\nb()')}' https://chat.example`);
    expect(headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('without a registered policy, allows this origin and the hashes only', () => {
    const policy = scriptHashPolicy([sha256(bootstrap)]);
    expect(policy).toContain(`script-src 'self' '${sha256(bootstrap)}';`);
    expect(policy).toContain("base-uri 'none'");
  });

  it('leaves other cache entries alone', () => {
    const route = { kind: 'APP_ROUTE', body: Buffer.from('<script>x</script>'), headers: {} };
    expect(withScriptHashPolicy(route)).toEqual({ kind: 'APP_ROUTE', body: Buffer.from('<script>x</script>'), headers: {} });
    expect(withScriptHashPolicy(null)).toBeNull();
    const notFound = { kind: 'APP_PAGE', html: '<script>x()</script>', status: 404, headers: {} };
    expect(withScriptHashPolicy(notFound).headers).toEqual({});
    const bareNotFound = { kind: 'APP_PAGE', html: '<script>x()</script>', headers: {} };
    expect(withScriptHashPolicy(bareNotFound, '/_not-found').headers).toEqual({});
    const noHeaders: { kind: string; html: string; headers?: Record<string, string> } = { kind: 'APP_PAGE', html: '<script>x()</script>' };
    withScriptHashPolicy(noHeaders);
    expect(noHeaders.headers?.['content-security-policy']).toContain(`'${sha256('x()')}'`);
  });
});
