// A stand-in for `next start` in the graceful-shutdown drill (tests/db/fault-drills.test.ts): like
// Next.js, it handles SIGTERM first and calls process.exit(143) once its server closed; the outbox
// worker started as instrumentation.ts starts it must still finish its e-mail before the exit.
import { createDatabase } from '../../lib/db/database';
import { createMailSender } from '../../lib/mail/transport';
import { startOutboxWorker, stopOutboxWorkerOnSignals } from '../../lib/mail/worker';

process.on('SIGTERM', () => setImmediate(() => process.exit(143)));

const { db } = createDatabase(process.env.DRILL_DATABASE_URL!);
const sender = createMailSender(process.env.DRILL_SMTP_URL!, { from: 'hello@cordee.example' });
startOutboxWorker(db, {
  pollMs: 60_000,
  log: () => undefined,
  send: async (message) => {
    console.log(`sending ${message.dedupeKey}`);
    // Slow enough that SIGTERM arrives while this e-mail is on its way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const info = await sender.send(message);
    console.log(`sent ${message.dedupeKey}`);
    return info;
  },
});
stopOutboxWorkerOnSignals();
// Keeps the process alive like a server would.
setInterval(() => undefined, 1000);
