// `npm run test:abuse`: the production app (as `npm start` serves it, scripts/serve.ts) on its own
// embedded PostgreSQL (.data/abuse-postgres), on loopback, under what an anonymous attacker can send
// to make its caches grow or to change what others see:
//   1. the cache-busting mix: every trip and guide page × travellers 1–99 and garbage counts × 30
//      currencies, garbage and duplicated currency cookies, random extra query parameters, spoofed
//      X-Forwarded-For and country headers, at 8 connections for 3 minutes after a warm-up of the
//      same mix; passes with 0 errors (no 5xx, no socket error or timeout) and the app's resident
//      memory after (and at every 5 s sample) ≤ 1.3× its warm size (docs/decisions/0060);
//   2. the duplicated-cookie poisoning: after `currency=; currency=JPY` and `currency=EUR; currency=JPY`
//      (with a spoofed address), a visitor without a cookie never gets the JPY page, one with EUR gets EUR;
//   3. the contract the front relies on with Next.js (x-middleware-rewrite, x-nextjs-cache): a page
//      cached whole is answered by the front (x-front-cache: HIT) from its second request on, and a
//      non-canonical URL of it never is; no answer names the internal path (the server reads the
//      rewrite, then hides it);
//   4. the shared mail budgets (docs/decisions/0270), each attacker and victim a loopback address of
//      its own (127.0.0.x: another client for the app): 210 contact-form posts from one client to
//      addresses of one domain (most refused by the per-address limit) leave a visitor of another
//      client writing from that domain not refused; five sign-in requests for an address's
//      sub-address or Gmail dot variants, or six for the address itself, from one client, leave its
//      owner asking from another client a fresh link to that address.
//   5. the hoarding of open groups, on an app of its own behind one trusted proxy hop (so that two
//      clients can be told apart) with holds of HOLD_MINUTES: many anonymous joins with made-up
//      addresses from one client, each asking for every seat of a group, hold at most that client's
//      seat limit, the per-client rate limit refuses the rest, and once the stated hold time is over
//      every seat is open again and a real traveller from another client gets seats.
// The page store's budget is small here (PAGE_STORE_BUDGET_MB=48 unless set) so that the warm-up
// fills it: growth past the warm size is then memory no budget holds.
// `--short` (npm test): 40 s warm-up (as the full run: a shorter one left the working set still growing) and 20 s of mix. `--seconds N`, `--warm-seconds N`,
// `--connections N` override; `--json FILE` writes the figures; `--attacks` runs 3–5 only (no mix), `--hoarding-only` runs 5 alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverNodeArgs } from '../lib/server/heap-limit.ts';
// @ts-expect-error plain ESM helper shared with the test scripts
import { buildIfNeeded, root } from './build-if-needed.mjs';
// @ts-expect-error plain ESM helper shared with the bench
import { pagesOf, sendMix } from './cache-busting-mix.mjs';
import { createDatabase } from '../lib/db/database';
import en from '../messages/en.json';
import { actionId, actionReply, createChecks, freePort, postAction, productionEnv, rss, runMain, sleep, waitUntilReady } from './harness';
import { startTestDatabase } from './test-database';

const { values: options } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    'warm-seconds': { type: 'string' },
    connections: { type: 'string' },
    json: { type: 'string' },
    attacks: { type: 'boolean', default: false },
    'hoarding-only': { type: 'boolean', default: false },
  },
});
const seconds = Number(options.seconds ?? (options.short ? 20 : 180));
const warmSeconds = Number(options['warm-seconds'] ?? 40);
const connections = Number(options.connections ?? 8);
const TIMEOUT_SECONDS = 60;
const MEMORY_GROWTH_LIMIT = 1.3;
const { check, failures, conclude } = createChecks();
const mb = (bytes: number) => Math.round(bytes / 1048576);

function mix(base: string, pages: string[], duration: number, statuses: Map<number, number>) {
  return sendMix({ base, pages, connections, duration, timeout: TIMEOUT_SECONDS, statuses });
}

/** The currency a page's header shows (the picker's data-currency), or null. */
async function pageCurrency(url: string, headers: Record<string, string> = {}): Promise<{ status: number; currency: string | null; front: boolean }> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  const html = await response.text();
  return { status: response.status, currency: /data-currency="([A-Z]{3})"/.exec(html)?.[1] ?? null, front: response.headers.get('x-front-cache') === 'HIT' };
}

/** The production app (scripts/serve.ts, with the heap limit `npm start` gives it) on `env`; its log goes to `.data/{logName}` once stopped. */
async function startApp(env: NodeJS.ProcessEnv, logName: string) {
  const app: ChildProcess = spawn(process.execPath, [...serverNodeArgs(env), 'scripts/serve.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
  const appLog: string[] = [];
  for (const stream of [app.stdout!, app.stderr!]) stream.on('data', (chunk: Buffer) => appLog.length < 20_000 && appLog.push(chunk.toString()));
  return {
    app,
    stop: async () => {
      if (app.exitCode === null) {
        app.kill('SIGTERM');
        await Promise.race([new Promise((resolve) => app.once('exit', resolve)), sleep(30_000)]);
      }
      writeFileSync(path.join(root, '.data', logName), appLog.join(''));
      console.log(`app stopped; log in .data/${logName}`);
    },
  };
}

/** What a form's Server Action answered: its state's status, or the HTTP status when it is not a form state. */
function formOutcome(answer: { status: number; body: string }): string {
  const status = answer.status === 200 ? /"status":"(sent|refused)"/.exec(answer.body)?.[1] : undefined;
  return status ?? `HTTP ${answer.status}`;
}

const tally = (outcomes: string[]) => JSON.stringify(Object.fromEntries([...new Set(outcomes)].map((outcome) => [outcome, outcomes.filter((one) => one === outcome).length])));

/** Contact messages posted from one client to one domain: more than the old all-senders cap of that domain (200 an hour). */
const DOMAIN_FLOOD = 210;

/** 4. The shared mail budgets: what one client sends, or is refused, never refuses another client. */
async function sharedBudgetAttacks(base: string, databaseUrl: string) {
  const contact = actionId('sendContactMessage');
  const contactFields = (email: string) => ({
    idempotencyKey: `abuse-${randomUUID()}`,
    locale: 'en',
    audience: 'visitor',
    name: 'Abuse Test',
    email,
    'phone.country': 'FR',
    'phone.number': '',
    message: 'A message sent by the abuse test, long enough to be accepted.',
    acceptTerms: 'on',
    website: '',
    fillMs: '5000',
  });
  const flood: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < DOMAIN_FLOOD) {
        const index = next++;
        flood.push(formOutcome(await postAction(base, '/need-help', contact, contactFields(`person${index}@victimcorp.example`), '127.0.0.2')));
      }
    }),
  );
  check(flood.every((outcome) => outcome === 'sent' || outcome === 'refused'), `domain budget: every post of the flood answers a form state (${tally(flood)})`);
  const victim = formOutcome(await postAction(base, '/need-help', contact, contactFields('ada@victimcorp.example'), '127.0.0.3'));
  check(victim === 'sent', `domain budget: after ${DOMAIN_FLOOD} posts from one client to victimcorp.example (${tally(flood)}), a visitor of another client writing from there is not refused (${victim})`);

  const signIn = actionId('requestSignInLink');
  const signInFields = (email: string) => ({ idempotencyKey: `abuse-${randomUUID()}`, locale: 'en', fillMs: '5000', website: '', email, next: '' });
  const { pool } = createDatabase(databaseUrl, { max: 1 });
  // Addresses of this run only: the database keeps the links of earlier runs.
  const run = randomUUID().slice(0, 8);
  const linksTo = async (email: string) => Number((await pool.query<{ count: string }>('SELECT count(*) FROM sign_in_links WHERE email = $1', [email])).rows[0]!.count);
  const gmailLocal = `victimowner${run}`;
  const cases: [string, string, string[]][] = [
    ['sub-address variants', `victim-${run}@victimcorp.example`, [1, 2, 3, 4, 5].map((tag) => `victim-${run}+${tag}@victimcorp.example`)],
    ['Gmail dot variants', `${gmailLocal}@gmail.com`, [1, 2, 3, 4, 5].map((at) => `${gmailLocal.slice(0, at)}.${gmailLocal.slice(at)}@${at % 2 ? 'gmail.com' : 'googlemail.com'}`)],
    ['the address itself', `owner-${run}@victimcorp.example`, Array.from({ length: 6 }, () => `owner-${run}@victimcorp.example`)],
  ];
  try {
    for (const [name, owner, asked] of cases) {
      const answers: string[] = [];
      for (const email of asked) answers.push(formOutcome(await postAction(base, '/account/sign-in', signIn, signInFields(email), '127.0.0.4')));
      const before = await linksTo(owner);
      const own = formOutcome(await postAction(base, '/account/sign-in', signIn, signInFields(owner), '127.0.0.5'));
      const after = await linksTo(owner);
      check(own === 'sent' && after === before + 1, `sign-in: after ${asked.length} requests for ${name} from one client (${tally(answers)}), the owner asking from another client gets a fresh link to their address (${own}, ${after - before} new)`);
    }
  } finally {
    await pool.end();
  }
}

/** Parts 1–4: the front's contract, the shared mail budgets, then (unless `--attacks`) the cache-busting mix and the duplicated-cookie poisoning. */
async function cacheBusting(databaseUrl: string) {
  const appPort = await freePort();
  const base = `http://127.0.0.1:${appPort}`;
  const { app, stop } = await startApp({ ...productionEnv(appPort, databaseUrl), PAGE_STORE_BUDGET_MB: process.env.PAGE_STORE_BUDGET_MB ?? '48' }, 'abuse-test-app.log');
  try {
    await waitUntilReady(base);
    const pages: string[] = await pagesOf(base);
    const trip = pages.find((page) => /^\/trip\//.test(page));
    if (!trip) throw new Error('no trip page in the sitemap');
    console.log(`app on ${base}: ${pages.length} trip and guide pages, ${connections} connections, warm-up ${warmSeconds} s, mix ${seconds} s`);

    // 3. The contract with Next.js the front relies on: Next.js names the first answer's internal
    // path (read by the server, then hidden) and cache status, and the front answers the same request from then on.
    const canonical = `${base}${trip}?travellers=3`;
    const internalHeaders = (response: Response) => [...response.headers.keys()].filter((name) => name.startsWith('x-middleware-') || name.startsWith('x-nextjs-rewrit'));
    const first = await fetch(canonical);
    await first.text();
    check(internalHeaders(first).length === 0, `contract: the answer names no internal path (${internalHeaders(first).join(', ') || 'none'})`);
    check(['HIT', 'MISS'].includes(first.headers.get('x-nextjs-cache') ?? ''), `contract: Next.js says the page came from its cache (x-nextjs-cache ${first.headers.get('x-nextjs-cache')})`);
    let answered = false;
    for (let i = 0; i < 5 && !answered; i += 1) {
      answered = (await pageCurrency(canonical)).front;
      if (!answered) await sleep(200);
    }
    check(answered, 'contract: the front answers a page cached whole from its second request on (x-front-cache: HIT): it read the internal path');
    const extra = await pageCurrency(`${canonical}&utm_source=abuse`);
    const extraAgain = await pageCurrency(`${canonical}&utm_source=abuse`);
    check(extra.status === 200 && !extra.front && !extraAgain.front, 'contract: a URL with a parameter outside the closed list is never the front\'s');

    // 4. The shared mail budgets, on this app.
    await sharedBudgetAttacks(base, databaseUrl);
    if (options.attacks) return;

    // 1. The cache-busting mix: warm-up, then the measured run.
    const warmStatuses = new Map<number, number>();
    const warm = await mix(base, pages, warmSeconds, warmStatuses);
    await sleep(2000);
    const memoryWarm = rss(app.pid!);
    const statuses = new Map<number, number>();
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rss(app.pid!)), 5000);
    const run = await mix(base, pages, seconds, statuses);
    clearInterval(sampler);
    await sleep(2000);
    const memoryAfter = rss(app.pid!);
    const peak = Math.max(memoryAfter, ...samples);
    const count5xx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0) + [...warmStatuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    const figures = {
      seconds,
      warmSeconds,
      connections,
      pages: pages.length,
      requests: run.requests.total,
      warmRequests: warm.requests.total,
      requestsPerSecond: run.requests.average,
      latencyMs: { p50: run.latency.p50, p99: run.latency.p99, max: run.latency.max },
      errors: run.errors + warm.errors,
      timeouts: run.timeouts + warm.timeouts,
      statuses: Object.fromEntries(statuses),
      warmStatuses: Object.fromEntries(warmStatuses),
      memoryWarmMb: mb(memoryWarm),
      memoryAfterMb: mb(memoryAfter),
      memoryPeakMb: mb(peak),
      memoryDuringMb: samples.map(mb),
    };
    console.log('abuse:', JSON.stringify(figures));
    check(app.exitCode === null && memoryAfter > 0, 'mix: the app is still running');
    check(figures.errors === 0 && figures.timeouts === 0, `mix: no socket error or timeout (${figures.errors} errors, ${figures.timeouts} timeouts)`);
    check(count5xx === 0, `mix: no answer 5xx (${count5xx}; ${JSON.stringify(figures.statuses)})`);
    check(peak <= memoryWarm * MEMORY_GROWTH_LIMIT, `mix: memory ${figures.memoryWarmMb} MB warm, ${figures.memoryAfterMb} MB after, ${figures.memoryPeakMb} MB at most (≤ ${MEMORY_GROWTH_LIMIT}×)`);

    // 2. The duplicated-cookie poisoning, with a spoofed address.
    const poisoned = `${base}${trip}`;
    for (const cookie of ['currency=; currency=JPY', 'currency=EUR; currency=JPY', 'currency=null;currency=JPY']) {
      for (let i = 0; i < 3; i += 1) await pageCurrency(poisoned, { cookie, 'x-forwarded-for': '203.0.113.7' });
    }
    for (let i = 0; i < 3; i += 1) {
      const cookieless = await pageCurrency(poisoned);
      check(cookieless.status === 200 && cookieless.currency === 'USD', `poisoning: a visitor without a cookie gets USD (got ${cookieless.currency}, status ${cookieless.status}, ${cookieless.front ? 'front' : 'Next.js'})`);
      const eur = await pageCurrency(poisoned, { cookie: 'currency=EUR' });
      check(eur.status === 200 && eur.currency === 'EUR', `poisoning: a visitor who chose EUR gets EUR (got ${eur.currency}, ${eur.front ? 'front' : 'Next.js'})`);
    }
    if (options.json) writeFileSync(options.json, JSON.stringify({ ...figures, failures }, null, 2));
  } finally {
    await stop();
  }
}

// Part 5: a real traveller's open group against one client's made-up addresses. A hold of 15 s: the
// check waits it out; a slower attack only lets its first holds lapse, which the seat cap still bounds.
const HOLD_MINUTES = 0.25;
const CLIENT_SEATS = 24;
const ATTACK_JOINS = 40;
const RATE_LIMIT_PER_IP = 30;
const ATTACKER = '198.51.100.7';
const TRAVELLER = '203.0.113.50';

type Answer = 'seats-or-waitlist' | 'rateLimited' | 'clientLimit' | 'refused';

/** Part 4: the hoarding of open groups (see the top of this file). */
async function hoarding(databaseUrl: string) {
  const appPort = await freePort();
  const base = `http://127.0.0.1:${appPort}`;
  const { app, stop } = await startApp(
    {
      ...productionEnv(appPort, databaseUrl),
      // One proxy of ours in front: X-Forwarded-For names the client, so attacker and traveller differ.
      TRUSTED_PROXY_HOPS: '1',
      JOIN_HOLD_MINUTES: String(HOLD_MINUTES),
      JOIN_HOLD_SEATS_PER_CLIENT: String(CLIENT_SEATS),
      JOIN_HOLD_CHECK_SECONDS: '5',
      RATE_LIMIT_PER_IP: String(RATE_LIMIT_PER_IP),
    },
    'abuse-test-hoarding-app.log',
  );
  const { pool } = createDatabase(databaseUrl, { max: 2 });
  try {
    await waitUntilReady(base);
    const groups = (
      await pool.query<{ id: number; open_spots: number }>(
        `SELECT g.id, g.open_spots FROM open_groups g JOIN trips t ON t.id = g.trip_id
         WHERE t.published AND g.starts_on > current_date AND g.open_spots >= 2 ORDER BY g.open_spots DESC, g.id LIMIT $1`,
        [ATTACK_JOINS],
      )
    ).rows;
    if (groups.length < 3) throw new Error('the catalogue has too few open groups to attack');
    const openSpots = async () => new Map((await pool.query<{ id: number; open_spots: number }>('SELECT id, open_spots FROM open_groups WHERE id = ANY($1)', [groups.map((group) => group.id)])).rows.map((row) => [row.id, row.open_spots]));
    const before = await openSpots();
    const seatsTaken = (now: Map<number, number>) => groups.reduce((sum, group) => sum + Math.max(0, before.get(group.id)! - now.get(group.id)!), 0);

    const joinAction = actionId('joinOpenGroup');
    const join = async (client: string, openGroupId: number, email: string, travellers: number): Promise<{ answer: Answer; body: string }> => {
      const boundary = `----cordee-abuse-${randomUUID()}`;
      const fields = { idempotencyKey: `abuse-${randomUUID()}`, locale: 'en', openGroupId: String(openGroupId), email, travellers: String(travellers), acceptTerms: 'on', website: '', fillMs: '5000' };
      const response = await fetch(`${base}/open-groups`, {
        method: 'POST',
        headers: { origin: base, 'x-forwarded-for': client, 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/x-component', 'next-action': joinAction },
        body: actionReply(fields, boundary),
      });
      const body = await response.text();
      const answer: Answer = body.includes('"status":"sent"')
        ? 'seats-or-waitlist'
        : body.includes(en.FormGuard.rateLimited.split('{')[0]!)
          ? 'rateLimited'
          : body.includes(en.Forms.errors.joinClientLimit)
            ? 'clientLimit'
            : 'refused';
      return { answer, body };
    };

    // The attack: every seat of group after group, each join from another made-up address.
    const answers = new Map<Answer, number>();
    for (let index = 0; index < ATTACK_JOINS; index += 1) {
      const group = groups[index % groups.length]!;
      const { answer } = await join(ATTACKER, group.id, `hoarder-${randomUUID().slice(0, 8)}@mail${index % 7}.example`, Math.min(before.get(group.id)!, 50));
      answers.set(answer, (answers.get(answer) ?? 0) + 1);
    }
    const attackEnded = Date.now();
    const taken = seatsTaken(await openSpots());
    const answered = JSON.stringify(Object.fromEntries(answers));
    console.log(`hoarding: ${ATTACK_JOINS} joins from one client over ${groups.length} groups: ${answered}; ${taken} seats taken`);
    check(taken <= CLIENT_SEATS, `hoarding: one client's made-up addresses hold at most ${CLIENT_SEATS} seats (took ${taken})`);
    check((answers.get('rateLimited') ?? 0) >= ATTACK_JOINS - RATE_LIMIT_PER_IP, `hoarding: the per-client limit refuses what passes its ${RATE_LIMIT_PER_IP} submissions (${answered})`);

    // Past the stated hold time (and one release run), every seat the attack held is open again.
    await sleep(Math.max(0, attackEnded + HOLD_MINUTES * 60_000 - Date.now()));
    let left = taken;
    for (let i = 0; i < 30 && left > 0; i += 1) {
      await sleep(1000);
      left = seatsTaken(await openSpots());
    }
    check(left === 0, `hoarding: ${HOLD_MINUTES * 60} s after the attack every seat is open again (${left} still taken)`);

    // A real traveller from another client joins the most attacked group and gets seats.
    const target = groups[0]!;
    const spotsBefore = (await openSpots()).get(target.id)!;
    const traveller = await join(TRAVELLER, target.id, `traveller-${randomUUID().slice(0, 8)}@example.org`, 2);
    const spotsAfter = (await openSpots()).get(target.id)!;
    check(traveller.answer === 'seats-or-waitlist' && spotsAfter === spotsBefore - 2, `hoarding: a real traveller then holds seats in the attacked group (open spots ${spotsBefore} → ${spotsAfter})`);
    check(app.exitCode === null, 'hoarding: the app is still running');
  } finally {
    await pool.end();
    await stop();
  }
}

async function main() {
  buildIfNeeded();
  const { database } = await startTestDatabase(path.join(root, '.data', 'abuse-postgres'));
  try {
    if (!options['hoarding-only']) await cacheBusting(database.url);
    await hoarding(database.url);
  } finally {
    await database.stop().catch(() => undefined);
  }
  conclude('abuse test passed');
}

runMain(main);
