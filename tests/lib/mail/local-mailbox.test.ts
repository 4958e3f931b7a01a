import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { localMailboxSettings, startLocalMailbox } from '@/lib/mail/local-mailbox';

describe('localMailboxSettings', () => {
  it.each([
    [{}, { start: true, smtpPort: 0, webPort: 0 }],
    [{ NODE_ENV: 'development' }, { start: true, smtpPort: 0, webPort: 0 }],
    [{ SMTP_URL: 'smtp://mail.example:587' }, { start: false, reason: 'smtp-url' }],
    [{ SMTP_URL: 'smtp://mail.example:587', LOCAL_MAILBOX: 'on' }, { start: false, reason: 'smtp-url' }],
    [{ SMTP_URL: '  ' }, { start: true, smtpPort: 0, webPort: 0 }],
    [{ NODE_ENV: 'production' }, { start: false, reason: 'production' }],
    [{ NODE_ENV: 'production', LOCAL_MAILBOX: 'on' }, { start: true, smtpPort: 0, webPort: 0 }],
    [{ LOCAL_MAILBOX: 'off' }, { start: false, reason: 'off' }],
    [{ LOCAL_MAILBOX: ' ON ', LOCAL_MAILBOX_SMTP_PORT: '2525', LOCAL_MAILBOX_WEB_PORT: '8025' }, { start: true, smtpPort: 2525, webPort: 8025 }],
  ] as const)('%j → %j', (environment, expected) => {
    expect(localMailboxSettings(environment)).toEqual(expected);
  });

  it.each([{ LOCAL_MAILBOX: 'yes' }, { LOCAL_MAILBOX_WEB_PORT: '70000' }, { LOCAL_MAILBOX_SMTP_PORT: 'abc' }])('refuses %j with the variable named', (environment) => {
    expect(() => localMailboxSettings(environment)).toThrow(new RegExp(`Invalid environment: ${Object.keys(environment)[0]}`));
  });
});

describe('startLocalMailbox', () => {
  it('receives over SMTP on loopback, lists the e-mail in its web API, and frees both ports when stopped', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'cordee-mailbox-'));
    const mailbox = await startLocalMailbox({ smtpPort: 0, webPort: 0, directory });
    try {
      expect(mailbox.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      expect(mailbox.inboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const transport = createTransport({ url: mailbox.smtpUrl });
      await transport.sendMail({ from: 'hello@cordee.example', to: 'traveller@example.com', subject: 'Your sign-in link', text: 'http://localhost:3000/account/sign-in?token=abc' });
      transport.close();
      // MailDev lists an e-mail once it has parsed it, a moment after SMTP accepted it.
      await expect
        .poll(async () => {
          const mails = (await (await fetch(`${mailbox.inboxUrl}api/email`)).json()) as { subject: string; text: string; to: { address: string }[] }[];
          return mails.map((mail) => [mail.to[0]?.address, mail.subject, mail.text.trim()]);
        })
        .toEqual([['traveller@example.com', 'Your sign-in link', 'http://localhost:3000/account/sign-in?token=abc']]);
      const inbox = await fetch(mailbox.inboxUrl, { headers: { accept: 'text/html' } });
      expect(inbox.status).toBe(200);
    } finally {
      await mailbox.stop();
      rmSync(directory, { recursive: true, force: true });
    }
    const refused = (url: string) =>
      new Promise<boolean>((resolve) => {
        const { hostname, port } = new URL(url);
        const socket = connect(Number(port), hostname);
        socket.once('connect', () => (socket.destroy(), resolve(false)));
        socket.once('error', () => resolve(true));
      });
    expect(await refused(mailbox.smtpUrl)).toBe(true);
    expect(await refused(mailbox.inboxUrl)).toBe(true);
  }, 30_000);
});
