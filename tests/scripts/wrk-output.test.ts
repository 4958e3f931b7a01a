import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of scripts/, without types
import { parseWrkOutput, wrkMs } from '../../scripts/wrk-output.mjs';

/** A report of Debian's wrk 4.1 (`wrk -t2 -c50 -d5s --latency`), with every optional line. */
const report = `Running 5s test @ http://127.0.0.1:3570/trip/aiguilles-rouges-multi-pitch-climbing
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.62ms    2.94ms  52.11ms   93.70%
    Req/Sec    16.31k     1.48k   19.02k    71.00%
  Latency Distribution
     50%  812.00us
     75%    1.31ms
     90%    2.95ms
     99%   20.60ms
  162302 requests in 5.00s, 6.12GB read
  Socket errors: connect 0, read 2, write 1, timeout 4
  Non-2xx or 3xx responses: 3
Requests/sec:  32460.44
Transfer/sec:      1.22GB
`;

describe('wrk report reader', () => {
  it('reads requests/s, percentiles, bytes, non-2xx answers, socket errors and timeouts', () => {
    expect(parseWrkOutput(report, 5)).toEqual({
      requests: { average: 32460.44, total: 162302 },
      latency: { p50: 0.81, p99: 20.6 },
      throughput: { average: (6.12 * 1024 ** 3) / 5, total: 6.12 * 1024 ** 3 },
      non2xx: 3,
      errors: 3,
      timeouts: 4,
    });
  });

  it('counts nothing wrong when wrk prints no error lines', () => {
    const clean = report.replace(/ {2}Socket errors.*\n {2}Non-2xx.*\n/, '');
    expect(parseWrkOutput(clean, 5)).toMatchObject({ non2xx: 0, errors: 0, timeouts: 0 });
  });

  it('converts each unit wrk prints to milliseconds', () => {
    expect([wrkMs('812.00us'), wrkMs('3.21ms'), wrkMs('1.20s'), wrkMs('1.00m'), wrkMs('n/a')]).toEqual([0.81, 3.21, 1200, 60_000, null]);
  });
});
