import { like, sql } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/database';
import { outboxEmails, signInLinks } from '@/lib/db/schema';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';
import { post } from '../support/form-post';

/**
 * Through the real sign-in Server Action (validatedAction, the limiter, the store): requests for
 * someone else's address, or its variants, never lock its owner out (docs/decisions/0271), and an
 * idempotency key is bound to its content.
 * The limits are the defaults of lib/env.ts.
 */
const state = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  return { db: null as unknown as Database, socket: '198.51.100.1', cookie: '' };
});
vi.mock('@/lib/db/client', () => ({ getDb: () => state.db }));
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin', 'x-cordee-socket-address': state.socket, cookie: state.cookie }),
  cookies: async () => ({ get: () => undefined, set: () => {} }),
}));
vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), updateTag: vi.fn(), unstable_cache: <T>(fn: T) => fn }));
vi.mock('@/lib/mail/worker', () => ({ kickOutbox: vi.fn(), logJsonLine: vi.fn() }));
vi.mock('@sentry/nextjs', () => ({ captureException: vi.fn() }));
vi.mock('next-intl/server', async () => {
  const messages = { en: (await import('@/messages/en.json')).default, fr: (await import('@/messages/fr.json')).default, es: (await import('@/messages/es.json')).default };
  return { getTranslations: async ({ locale, namespace }: { locale: 'en' | 'fr' | 'es'; namespace: string }) => createTranslator({ locale, messages: messages[locale], namespace: namespace as never }) };
});

const { requestSignInLink } = await import('@/app/[locale]/account/actions');
const { signInWithLink } = await import('@/lib/db/queries/accounts');

let keys = 0;
const signInForm = (email: string, values: Record<string, unknown> = {}) => ({ idempotencyKey: `signin-key-${String(++keys).padStart(8, '0')}`, locale: 'en', fillMs: 5000, website: '', email, next: '', ...values });

describe.each(testDatabaseServers())('sign-in requests and idempotency keys, on the $name server', (server) => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
    state.db = database.db;
  });
  afterAll(async () => database?.close());

  const mailsTo = (pattern: string) => database.db.select().from(outboxEmails).where(like(outboxEmails.recipient, pattern));
  // The limiter lives in this process for both servers' runs: each run writes to mailboxes of its own.
  const domain = `${server.name}.example.com`;

  it('requests for an address or its variants from one client never keep a link from its owner on another', async () => {
    const owner = `victim@${domain}`;
    state.socket = '203.0.113.66';
    const asked = [1, 2, 3, 4, 5].map((tag) => `victim+${tag}@${domain}`).concat(Array.from({ length: 6 }, () => owner));
    for (const email of asked) expect(await post(requestSignInLink, signInForm(email))).toMatchObject({ status: 'sent' });
    // One client gets at most the cap of e-mails to one address (RATE_LIMIT_SIGN_IN_MAILS, 5); each variant is an address of its own.
    expect(await mailsTo(owner)).toHaveLength(5);
    expect(await mailsTo(`victim+%@${domain}`)).toHaveLength(5);
    // Its owner asks from their own connection: a fresh link to their address, which opens their account.
    state.socket = '192.0.2.77';
    expect(await post(requestSignInLink, signInForm(owner))).toMatchObject({ status: 'sent', result: { ok: true, email: owner } });
    const inbox = (await mailsTo(owner)).map((mail) => /token=([a-z2-7]{32})/.exec(mail.text)?.[1]);
    expect(inbox).toHaveLength(6);
    const opened = await signInWithLink(inbox.at(-1)!, { supportEmails: [] }, database.db);
    expect(opened.ok && opened.user.email).toBe(owner);
    // Every link the other client's requests put in that inbox opens the same account: the address as typed, in lower case.
    const earlier = await signInWithLink(inbox[0]!, { supportEmails: [] }, database.db);
    expect(earlier.ok && earlier.user.id).toBe(opened.ok && opened.user.id);
  });

  it('caps Gmail dot variants as the addresses they are, and a retried request spends nothing', async () => {
    state.socket = '203.0.113.67';
    const local = `victimowner${server.name.replace(/\W/g, '')}`;
    for (let at = 1; at <= 5; at += 1) expect(await post(requestSignInLink, signInForm(`${local.slice(0, at)}.${local.slice(at)}@gmail.com`))).toMatchObject({ status: 'sent' });
    state.socket = '192.0.2.78';
    const retried = signInForm(`${local}@GMail.com`);
    for (let attempt = 0; attempt < 6; attempt += 1) expect(await post(requestSignInLink, retried)).toMatchObject({ status: 'sent' });
    expect(await mailsTo(`${local}@gmail.com`)).toHaveLength(1);
    // The five retries stored nothing and spent nothing: four more distinct requests still send.
    for (let request = 0; request < 4; request += 1) await post(requestSignInLink, signInForm(`${local}@gmail.com`));
    expect(await mailsTo(`${local}@gmail.com`)).toHaveLength(5);
    await post(requestSignInLink, signInForm(`${local}@gmail.com`));
    expect(await mailsTo(`${local}@gmail.com`)).toHaveLength(5);
  });

  it('answers a reused idempotency key with other content as a localized conflict, and the same content as the first', async () => {
    state.socket = '192.0.2.80';
    const first = signInForm(`ada@${domain}`);
    expect(await post(requestSignInLink, first)).toMatchObject({ status: 'sent' });
    expect(await post(requestSignInLink, { ...first, fillMs: 9000 })).toMatchObject({ status: 'sent' });
    expect(await post(requestSignInLink, { ...first, email: `mallory@${domain}`, locale: 'fr' })).toMatchObject({ status: 'refused', formError: fr.Forms.errors.alreadySentOtherwise, fieldErrors: {} });
    // The same content from another session is another submission too.
    state.cookie = `cordee_session=${'a'.repeat(32)}`;
    expect(await post(requestSignInLink, first)).toMatchObject({ status: 'refused', formError: en.Forms.errors.alreadySentOtherwise });
    state.cookie = '';
    const stored = await database.db.select({ email: signInLinks.email, hash: signInLinks.payloadHash }).from(signInLinks).where(sql`${signInLinks.idempotencyKey} = ${first.idempotencyKey}`);
    expect(stored).toEqual([{ email: `ada@${domain}`, hash: expect.stringMatching(/^[\w-]{43}$/) }]);
  });
});
