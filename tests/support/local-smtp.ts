import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '@/scripts/harness';

export type Received = { to: string[]; mail: ParsedMail };
/** `connections`: how many SMTP connections clients opened so far. */
export type LocalSmtp = { url: string; received: Received[]; readonly connections: number; close: () => Promise<void> };

/** A real SMTP server on a free port (or `port`): accepts everything, or answers RCPT with 451 when `rejectWith451`. */
export async function localSmtp(options: { rejectWith451?: boolean; port?: number } = {}): Promise<LocalSmtp> {
  const received: Received[] = [];
  let connections = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (!options.rejectWith451) return callback();
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get connections() {
      return connections;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken, then released). */
export const closedPort = freePort;
