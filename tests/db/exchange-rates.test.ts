import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExchangeRates, refreshExchangeRates, storeExchangeRates } from '@/lib/db/exchange-rates';
import { loadRatesSnapshot } from '@/lib/db/seed';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const ecb = (time: string, usd: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube><Cube time='${time}'><Cube currency='USD' rate='${usd}'/><Cube currency='GBP' rate='0.9'/></Cube></Cube></gesmes:Envelope>`;

// A local stand-in for the ECB feed: each path answers one way.
let feed: Server;
let base: string;
beforeAll(async () => {
  feed = createServer((request, response) => {
    if (request.url === '/newer') response.end(ecb('2030-01-02', '1.2500'));
    else if (request.url === '/older') response.end(ecb('2001-01-02', '0.9000'));
    else if (request.url === '/broken') response.end('<html>maintenance</html>');
    else if (request.url === '/error') {
      response.statusCode = 503;
      response.end('unavailable');
    } else if (request.url === '/hang') setTimeout(() => response.end(ecb('2031-01-01', '9')), 5_000);
    else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
});
afterAll(async () => {
  feed.closeAllConnections();
  await new Promise((resolve) => feed.close(resolve));
});

describe.each(testDatabaseServers())('exchange rates on the $name server', (server) => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(async () => database?.close());

  it('the demo seed stores the ECB snapshot, read back exactly', async () => {
    const snapshot = loadRatesSnapshot()!;
    const stored = await readExchangeRates(database.db);
    expect(stored).toEqual(snapshot);
  });

  it('keeps the previous rates when the feed fails, is malformed, is older or hangs', async () => {
    const before = await readExchangeRates(database.db);
    for (const path of ['/error', '/broken', '/missing']) {
      const result = await refreshExchangeRates(database.db, `${base}${path}`, { timeoutMs: 2_000 });
      expect(result.ok, path).toBe(false);
    }
    const hang = await refreshExchangeRates(database.db, `${base}/hang`, { timeoutMs: 300 });
    expect(hang).toMatchObject({ ok: false, error: expect.stringMatching(/timeout|abort/i) });
    const unreachable = await refreshExchangeRates(database.db, 'http://127.0.0.1:9/rates.xml', { timeoutMs: 1_000 });
    expect(unreachable.ok).toBe(false);
    expect(await refreshExchangeRates(database.db, `${base}/older`, { timeoutMs: 2_000 })).toMatchObject({ ok: true, status: 'older-than-stored' });
    expect(await readExchangeRates(database.db)).toEqual(before);
  });

  it('replaces the rates with a newer file, once', async () => {
    expect(await refreshExchangeRates(database.db, `${base}/newer`, { timeoutMs: 2_000 })).toEqual({ ok: true, status: 'stored', date: '2030-01-02', currencies: 2 });
    expect(await readExchangeRates(database.db)).toEqual({ base: 'EUR', date: '2030-01-02', rates: { USD: '1.25', GBP: '0.9' } });
    expect(await refreshExchangeRates(database.db, `${base}/newer`, { timeoutMs: 2_000 })).toMatchObject({ ok: true, status: 'unchanged' });
    // A re-seed does not move the rates back to the older snapshot.
    expect(await storeExchangeRates(database.db, loadRatesSnapshot()!)).toBe('older-than-stored');
    const rows = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM exchange_rates`);
    expect(rows.rows[0]!.n).toBe(2);
  });

  it('reads null when no rates are stored', async () => {
    await database.db.execute(sql`DELETE FROM exchange_rates`);
    expect(await readExchangeRates(database.db)).toBeNull();
  });
});
