import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * What a forged Server Action request gets from the production server (scripts/serve.ts's guard).
 * Action ids are found as an attacker finds them: in the pages' HTML (the flight data carries the
 * id of every action a page's forms call). Cached functions' ids never appear there, but they are
 * server references all the same: they are taken from the build's manifest (a leaked build, an
 * insider, an old deployment's files), where Next.js lists them next to the actions.
 */

type Manifest = { node: Record<string, { exportedName?: string; filename?: string }> };
const manifest = JSON.parse(readFileSync(path.join(process.cwd(), '.next/server/server-reference-manifest.json'), 'utf8')) as Manifest;
const cachedFunctionIds = Object.entries(manifest.node)
  .filter(([, entry]) => entry.filename?.endsWith('lib/server/cached-queries.ts'))
  .map(([id]) => id);

const idsIn = (text: string) => [...new Set(text.match(/\b[0-9a-f]{42}\b/g) ?? [])];
const flight = { accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8' };

test.describe('forged Server Action requests', () => {
  test('a cached query function is not callable as an action (the trip page’s data with the guide’s fields)', async ({ request, baseURL }) => {
    expect(cachedFunctionIds.length).toBeGreaterThan(5);
    const search = await (await request.get('/search')).text();
    const tripPath = /href="(\/trip\/([^"?#/]+))[?"]/.exec(search)!;
    const today = new Date().toISOString().slice(0, 10);
    for (const id of cachedFunctionIds) {
      // The arguments of cachedTripPageData; the other functions get them too and must not run either.
      const response = await request.post(tripPath[1]!, { headers: { ...flight, origin: baseURL!, 'next-action': id }, data: JSON.stringify(['en', tripPath[2], today]) });
      const body = await response.text();
      expect(response.status(), id).toBe(404);
      expect(body, id).not.toContain('"guide"');
      expect(body, id).not.toContain('"email"');
    }
  });

  test('a cached query function is not run by a form posted without JavaScript either (its id in the body)', async ({ request, baseURL }) => {
    const search = await (await request.get('/search')).text();
    const tripPath = /href="(\/trip\/([^"?#/]+))[?"]/.exec(search)!;
    const today = new Date().toISOString().slice(0, 10);
    for (const id of cachedFunctionIds) {
      const response = await request.post(tripPath[1]!, { headers: { origin: baseURL! }, multipart: { [`$ACTION_ID_${id}`]: '', '0': JSON.stringify(['en', tripPath[2], today]) } });
      expect(response.status(), id).toBe(404);
    }
  });

  test('an action found in a page’s HTML is refused without an Origin header, and runs with it', async ({ request, baseURL }) => {
    const html = await (await request.get('/account/sign-in')).text();
    const actionIds = idsIn(html).filter((id) => manifest.node[id]?.exportedName === 'requestSignInLink');
    expect(actionIds).toHaveLength(1);
    const [id] = actionIds;
    const forged = await request.post('/account/sign-in', { headers: { ...flight, 'next-action': id! }, data: '[]' });
    expect(forged.status()).toBe(403);
    // The signed-in-less sign-out (the example) is an action too: refused the same way.
    const signOut = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === 'signOut')![0];
    expect((await request.post('/account/sign-in', { headers: { ...flight, 'next-action': signOut }, data: '[]' })).status()).toBe(403);
    // With the page's own Origin the same request reaches the action (which rejects its empty input, not 403/404/500).
    const genuine = await request.post('/account/sign-in', { headers: { ...flight, origin: baseURL!, 'next-action': id! }, data: '[]' });
    expect(genuine.status()).toBeLessThan(400);
  });

  test('an action from another origin, or with a malformed body, answers 4xx, never 500', async ({ request, baseURL }) => {
    const html = await (await request.get('/account/sign-in')).text();
    const id = idsIn(html).find((candidate) => manifest.node[candidate]?.exportedName === 'requestSignInLink')!;
    const post = (headers: Record<string, string>, data: string) => request.post('/account/sign-in', { headers: { ...flight, 'next-action': id, ...headers }, data });
    expect((await post({ origin: 'https://evil.example' }, '[]')).status()).toBe(403);
    expect((await post({ origin: 'null' }, '[]')).status()).toBe(403);
    expect((await post({ origin: 'garbage' }, '[]')).status()).toBe(400);
    expect((await post({ origin: baseURL! }, '[{"email":')).status()).toBe(400);
    expect((await post({ origin: baseURL!, 'content-type': 'multipart/form-data; boundary=xyz' }, '--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]')).status()).toBe(400);
    // A form posted without JavaScript from another site.
    const form = await request.post('/account/sign-in', { headers: { origin: 'https://evil.example' }, multipart: { [`$ACTION_ID_${id}`]: '', email: 'a@example.com' } });
    expect(form.status()).toBe(403);
    // The genuine call still runs.
    expect((await post({ origin: baseURL! }, '[]')).status()).toBeLessThan(400);
  });

  test('a body over the limit answers 413, not 500', async ({ request, baseURL }) => {
    const html = await (await request.get('/account/sign-in')).text();
    const id = idsIn(html).find((candidate) => manifest.node[candidate]?.exportedName === 'requestSignInLink')!;
    const response = await request.post('/account/sign-in', { headers: { ...flight, origin: baseURL!, 'next-action': id }, data: JSON.stringify([{ email: 'x'.repeat(200 * 1024) }]) });
    expect(response.status()).toBe(413);
  });
});
