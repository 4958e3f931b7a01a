import pino, { type Logger } from 'pino';
import { env } from './env';

/** The header carrying a request's id (from the load balancer when it sends one, else made by proxy.ts). */
export const REQUEST_ID_HEADER = 'x-request-id';

const incomingId = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id: the one a proxy in front already gave it (when well-formed), else a new one. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && incomingId.test(given) ? given : crypto.randomUUID();
}

// One logger per process: JSON lines on stdout (pino's own format, `msg` and numeric `level`),
// synchronous so that nothing is lost when the process stops.
const globalForLog = globalThis as unknown as { cordeeLogger?: Logger };

/** The server's structured logger (pino); LOG_LEVEL sets how much it says. */
export function logger(): Logger {
  globalForLog.cordeeLogger ??= pino({
    level: env.LOG_LEVEL,
    base: { service: 'cordee' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  return globalForLog.cordeeLogger;
}

/** The logger of one request: every line carries its `requestId`. */
export function requestLogger(requestId: string): Logger {
  return logger().child({ requestId });
}

/** An error as log fields: its message and type, never a stack for a visitor to see (stacks stay in the log). */
export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: { type: error.name, message: error.message, stack: error.stack } };
  return { error: { message: String(error) } };
}
