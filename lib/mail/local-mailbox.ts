import { z } from 'zod';

/**
 * The local mailbox of `npm start` (docs/decisions/0285): without SMTP_URL the app sends every
 * e-mail to a MailDev SMTP catcher on loopback, read in its web inbox. Read from the environment of
 * `npm start` itself (scripts/start.ts), before the app server exists.
 */
export type LocalMailboxSettings =
  | { start: false; reason: 'smtp-url' | 'production' | 'off' }
  | { start: true; smtpPort: number; webPort: number };

const port = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.coerce.number().int().min(0).max(65535).default(0));
const schema = z.object({
  SMTP_URL: z.string().trim().optional(),
  NODE_ENV: z.string().optional(),
  /** `auto` (default): on unless NODE_ENV=production; `on`: on even then (the explicit opt-in); `off`: never. */
  LOCAL_MAILBOX: z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value), z.enum(['auto', 'on', 'off']).default('auto')),
  /** Ports on 127.0.0.1; 0 (default): a free one. */
  LOCAL_MAILBOX_SMTP_PORT: port,
  LOCAL_MAILBOX_WEB_PORT: port,
});

/** Whether `npm start` runs the local mailbox, and on which ports: never when SMTP_URL is set. */
export function localMailboxSettings(environment: Record<string, string | undefined>): LocalMailboxSettings {
  const parsed = schema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const settings = parsed.data;
  if (settings.SMTP_URL) return { start: false, reason: 'smtp-url' };
  if (settings.LOCAL_MAILBOX === 'off') return { start: false, reason: 'off' };
  if (settings.NODE_ENV === 'production' && settings.LOCAL_MAILBOX !== 'on') return { start: false, reason: 'production' };
  return { start: true, smtpPort: settings.LOCAL_MAILBOX_SMTP_PORT, webPort: settings.LOCAL_MAILBOX_WEB_PORT };
}

export type LocalMailbox = {
  /** What the app sends through (SMTP_URL). */
  smtpUrl: string;
  /** The web inbox; its REST API is under `/api` (`GET /api/email`). */
  inboxUrl: string;
  stop: () => Promise<void>;
};

/** The newest e-mails the inbox keeps (and keeps on disk across restarts); older ones are dropped. */
const MAX_EMAILS = 500;
/** Larger messages are refused: the app's e-mails are a few kilobytes. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** How long a stop waits for the inbox's open connections before the process goes on without it. */
const STOP_GRACE_MS = 5_000;

/** Starts MailDev on 127.0.0.1 only, its e-mails kept in `directory`. */
export async function startLocalMailbox(options: { smtpPort: number; webPort: number; directory: string }): Promise<LocalMailbox> {
  // Loaded only when used: MailDev brings its web server and HTML sanitizer.
  const { MailDev } = await import('maildev');
  const mailDev = new MailDev({
    smtp: options.smtpPort,
    ip: '127.0.0.1',
    web: options.webPort,
    webIp: '127.0.0.1',
    mailDirectory: options.directory,
    maxEmails: MAX_EMAILS,
    maxMessageSize: MAX_MESSAGE_BYTES,
    silent: true,
  });
  const servers = await mailDev.start();
  const webAddress = servers.api?.getAddress();
  if (!webAddress) {
    await mailDev.stop();
    throw new Error('The local mailbox started without an address');
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${servers.smtp.getAddress().port}`,
    inboxUrl: `http://127.0.0.1:${webAddress.port}/`,
    // An inbox tab left open keeps a connection: the stop gives up waiting for it after a while.
    stop: async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([mailDev.stop(), new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)))]).finally(() => clearTimeout(timer));
    },
  };
}
