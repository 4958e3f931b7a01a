import pino, { type Logger } from 'pino';
import { env } from './env';
import { scrubText, scrubValue } from './security/redact';

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
  globalForLog.cordeeLogger ??= createLogger();
  return globalForLog.cordeeLogger;
}

/** A logger with the server's settings, writing to `destination` (stdout by default; tests capture it). */
export function createLogger(destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    base: { service: 'cordee' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Secrets never reach a log line: header, cookie and token fields are redacted by key, and every
    // string (a URL with `?token=`, an error message) is scrubbed, in the fields and in the message.
    formatters: { level: (label) => ({ level: label }), log: (fields) => scrubValue(fields) },
    serializers: { err: pino.stdSerializers.errWithCause, error: errorSerializer },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The logger of one request: every line carries its `requestId`. */
export function requestLogger(requestId: string): Logger {
  return logger().child({ requestId });
}

/** How deep a cause chain is followed in a log line. */
const MAX_CAUSES = 5;

/**
 * An error as a log field, with its cause chain (`cause`, each with its type, message, code and
 * stack): a failed query says why it failed (a pool timeout, a refused connection), not only its SQL.
 */
export function describeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  const described: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack };
  if (typeof code === 'string' || typeof code === 'number') described.code = code;
  if (error instanceof AggregateError) described.errors = error.errors.slice(0, MAX_CAUSES).map((inner: unknown) => describeError(inner, MAX_CAUSES));
  if (error.cause !== undefined && depth < MAX_CAUSES) described.cause = describeError(error.cause, depth + 1);
  return described;
}

function errorSerializer(value: unknown): unknown {
  return value instanceof Error ? describeError(value) : value;
}

/** An error as log fields: its message, type and cause chain, never a stack for a visitor to see (stacks stay in the log). */
export function errorFields(error: unknown): Record<string, unknown> {
  return { error: describeError(error) };
}
