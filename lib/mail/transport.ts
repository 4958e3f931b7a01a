import { createTransport } from 'nodemailer';
import type { OutboxMessage, SendEmail } from './outbox';

export type MailSender = {
  send: SendEmail;
  /** Closes the SMTP connections. */
  close: () => void;
};

/** No SMTP step may hang a drain: connect, greeting, DNS and idle socket each give up after this. */
const TIMEOUT_MS = 10_000;

const oneLine = (value: string) => value.replace(/[\r\n]+/g, '');

/** Headers of a non-transactional e-mail: one-click unsubscribe (RFC 8058). */
function unsubscribeHeaders(email: OutboxMessage): Record<string, string> | undefined {
  if (!email.unsubscribeUrl) return undefined;
  return { 'List-Unsubscribe': `<${oneLine(email.unsubscribeUrl)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * An SMTP sender for the outbox: `smtpUrl` like `smtp://user:pass@host:587` (`smtps://` for TLS
 * on connect), every e-mail from `from` (e.g. `Cordée <hello@cordee.example>`), with its Reply-To
 * and, when it has an unsubscribe URL, the List-Unsubscribe headers.
 */
export function createMailSender(smtpUrl: string, options: { from: string; timeoutMs?: number }): MailSender {
  const timeout = options.timeoutMs ?? TIMEOUT_MS;
  // One pooled connection, reused across e-mails: a drain sends one at a time, and a new connection
  // per e-mail (greeting, EHLO, QUIT) cost ~110 ms each where a reused one costs ~5 ms.
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
  });
  return {
    send: async (email) => {
      const info = await transport.sendMail({
        from: options.from,
        to: email.recipient,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: unsubscribeHeaders(email),
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
