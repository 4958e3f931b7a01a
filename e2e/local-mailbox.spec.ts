import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import { unique } from './support-account';

/** An e-mail as MailDev's REST API gives it (`GET /api/email`). */
type InboxMail = { subject: string; text: string; to: { address: string }[] };

/** A port free on loopback now (Playwright's loader cannot import the ESM scripts/harness.ts). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves with the first match of `pattern` in the process's output, or rejects once it exits or `timeoutMs` passed. */
function outputMatch(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`No ${pattern} within ${timeoutMs} ms in:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before ${pattern}:\n${output}`));
    });
  });
}

const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())));

test.describe('a fresh npm start, no settings', () => {
  test.skip(({ isMobile }) => isMobile, 'starts a server of its own: proven once, by the desktop run');

  test('a sign-in link arrives in the local inbox and signs the traveller in; the inbox stops with the app', async ({ page }) => {
    test.setTimeout(360_000);
    const port = await freePort();
    const base = `http://localhost:${port}`;
    // `npm start` as a newcomer runs it: no SMTP_URL or any other setting, only PATH and HOME. The port is
    // one of this run's, and the data folder an empty one of its own (initialised and seeded in ~25 s): a
    // database shared with the e2e app would let that app's outbox worker send the mail to its own SMTP.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cordee-newcomer-'));
    const newcomer: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), CORDEE_DATA_DIR: dataDir };
    const app: ChildProcess = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
      // NODE_ENV too is unset, as in a newcomer's shell (the type wants one).
      env: newcomer as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let inbox: string | undefined;
    try {
      inbox = (await outputMatch(app, /Local inbox on (http:\/\/127\.0\.0\.1:\d+\/)/, 150_000))[1]!;
      await outputMatch(app, /Cordée on http:\/\/localhost:\d+/, 150_000);
      // The web inbox itself answers on loopback.
      const inboxPage = await page.request.get(inbox, { headers: { accept: 'text/html' } });
      expect(inboxPage.status()).toBe(200);

      const email = unique('local-inbox');
      await page.goto(`${base}/account/bookings?lan=en`);
      const form = page.getByTestId('sign-in-form');
      await form.getByLabel(en.Forms.labels.email).fill(email);
      // A form sent faster than a person fills it is refused (FORM_MIN_FILL_MS, 1.5 s by default).
      await page.waitForTimeout(1_600);
      await form.getByRole('button', { name: en.Account.signIn.submit }).click();
      await expect(page.getByTestId('form-sent')).toContainText(en.Account.signIn.sentTitle);

      let link: string | undefined;
      await expect
        .poll(async () => {
          const mails = (await (await page.request.get(`${inbox}api/email`)).json()) as InboxMail[];
          const mail = mails.find((candidate) => candidate.subject === en.Emails.signIn.subject && candidate.to.some((to) => to.address === email));
          link = mail?.text.match(/https?:\/\/\S+token=[a-z2-7]{32}/)?.[0];
          return link ?? null;
        }, { timeout: 30_000 })
        .not.toBeNull();
      expect(link!.startsWith(`${base}/`)).toBe(true);

      await page.goto(link!);
      await page.getByTestId('confirm-sign-in').click();
      await expect(page).not.toHaveURL(/token=/);
      await expect(page.getByText(en.Account.session.signedInAs.replace('{email}', email))).toBeVisible();
    } finally {
      app.kill('SIGTERM');
      await exited(app);
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Stopping `npm start` stopped its mailbox too: nothing answers on the inbox's port any more.
    expect(inbox).toBeDefined();
    await expect(page.request.get(inbox!)).rejects.toThrow(/ECONNREFUSED/);
  });
});
