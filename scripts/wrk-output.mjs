// wrk's text report (`wrk --latency`, Debian's wrk 4.1) read back in autocannon's terms, for
// scripts/bench.mjs: requests/s, p50/p99, bytes read, non-2xx answers, socket errors and timeouts.

/** Milliseconds from one of wrk's durations (`812.00us`, `3.21ms`, `1.20s`, `1.00m`), or null. */
export function wrkMs(text) {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '') ?? [];
  if (value === undefined) return null;
  return Math.round(Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] * 100) / 100;
}

/** The figures of one wrk report that ran `durationSeconds`. */
export function parseWrkOutput(text, durationSeconds) {
  const number = (pattern) => Number(pattern.exec(text)?.[1] ?? 0);
  const [, connect = 0, read = 0, write = 0, timeout = 0] = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text)?.map(Number) ?? [];
  const [, value, unit] = /requests in [^,]+, ([\d.]+)([KMGT]?B) read/.exec(text) ?? [];
  const bytes = value === undefined ? 0 : Number(value) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 }[unit];
  return {
    requests: { average: number(/Requests\/sec:\s+([\d.]+)/), total: number(/(\d+) requests in/) },
    latency: { p50: wrkMs(/\s50%\s+(\S+)/.exec(text)?.[1]), p99: wrkMs(/\s99%\s+(\S+)/.exec(text)?.[1]) },
    throughput: { average: bytes / durationSeconds, total: bytes },
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    errors: connect + read + write,
    timeouts: timeout,
  };
}
