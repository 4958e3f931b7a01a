// The app under `npm start`'s supervision: a server process that dies (a crash, the kernel's OOM
// killer, a kill -9) is started again after a backoff, while the database, owned by the supervisor,
// keeps running. A stop (SIGTERM/SIGINT) is passed on and nothing restarts after it.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export type SupervisorOptions = {
  command: string;
  args: string[];
  spawnOptions: SpawnOptions;
  /** Backoff before the first restart; doubled after each quick crash, up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** A process that ran this long is taken as healthy: the next crash restarts after the initial backoff. */
  healthyAfterMs?: number;
  /** How long a stopped server may take before it is killed. */
  stopGraceMs?: number;
  log?: (line: string) => void;
  /** Called with each server process as it starts (the first and every restart). */
  onStart?: (child: ChildProcess) => void;
};

export type Supervisor = {
  /** The running server process (a new one after each restart). */
  current: () => ChildProcess;
  /** How many times the server was started again after dying. */
  restarts: () => number;
  /** Passes `signal` on and resolves with the server's exit code once it stopped; no restart follows. */
  stop: (signal?: NodeJS.Signals) => Promise<number>;
};

/** Starts `command` and keeps it running until `stop`. */
export function supervise(options: SupervisorOptions): Supervisor {
  const initialBackoffMs = options.initialBackoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const healthyAfterMs = options.healthyAfterMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 30_000;
  const log = options.log ?? ((line: string) => console.error(line));

  let backoffMs = initialBackoffMs;
  let restarts = 0;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let stopped: ((code: number) => void) | undefined;
  const stoppedPromise = new Promise<number>((resolve) => (stopped = resolve));
  let child: ChildProcess;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(options.command, options.args, options.spawnOptions);
    options.onStart?.(child);
    child.on('exit', (code, signal) => {
      if (stopping) {
        stopped?.(code ?? (signal ? 1 : 0));
        return;
      }
      if (Date.now() - startedAt >= healthyAfterMs) backoffMs = initialBackoffMs;
      log(`The app server exited (${signal ?? `code ${code}`}); starting it again in ${backoffMs} ms. The database keeps running.`);
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        restarts += 1;
        start();
      }, backoffMs);
      backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
    });
  };
  start();

  return {
    current: () => child,
    restarts: () => restarts,
    stop: (signal = 'SIGTERM') => {
      if (!stopping) {
        stopping = true;
        if (restartTimer) {
          clearTimeout(restartTimer);
          stopped?.(0);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          stopped?.(child.exitCode ?? 1);
        } else {
          child.kill(signal);
          setTimeout(() => child.kill('SIGKILL'), stopGraceMs).unref();
        }
      }
      return stoppedPromise;
    },
  };
}
