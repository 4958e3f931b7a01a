#!/usr/bin/env node
// Local stand-ins for third-party HTTP APIs, on 127.0.0.1 only:
// - the mailing-list subscribe page (GET /subscribe?...&EMAIL=...)
// - Sentry's envelope endpoint (POST /api/<project>/envelope/), recorded for GET /__sentry
// - the ECB daily reference-rates feed (GET /ecb/eurofxref-daily.xml), one day newer than the seeded snapshot
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

const port = Number(process.env.FAKES_PORT || 4319);
const sentryItems = [];

function readBody(request) {
  return new Promise((resolve) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      resolve(request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw);
    });
  });
}

const ecbRatesDate = '2026-11-21';
const ecbDaily = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
	<Cube>
		<Cube time='${ecbRatesDate}'>
${Object.entries({ USD: '1.1601', JPY: '181.90', CZK: '24.191', DKK: '7.4688', GBP: '0.88012', HUF: '384.60', PLN: '4.2301', SEK: '10.9810', CHF: '0.9320', NOK: '11.7550', AUD: '1.7870', BRL: '6.1802', CAD: '1.6301', INR: '103.0120', MXN: '21.3104', NZD: '2.0511', ZAR: '20.1033' })
  .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
  .join('\n')}
		</Cube>
	</Cube>
</gesmes:Envelope>`;

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname === '/health') return response.end('ok');
  if (url.pathname === '/subscribe') {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    const email = url.searchParams.get('EMAIL') ?? '';
    return response.end(`<!doctype html><html lang="en"><title>Subscribe</title><h1>Confirm your subscription</h1><p data-email>${email.replace(/[<&>"]/g, '')}</p></html>`);
  }
  const envelope = url.pathname.match(/^\/api\/(\d+)\/envelope\/?$/);
  if (envelope && request.method === 'POST') {
    const lines = (await readBody(request)).toString('utf8').split('\n').filter(Boolean);
    for (let i = 1; i + 1 < lines.length; i += 2) {
      try {
        const header = JSON.parse(lines[i]);
        const payload = JSON.parse(lines[i + 1]);
        sentryItems.push({ type: header.type, exception: payload.exception?.values?.[0] ?? null, transaction: payload.transaction ?? null });
      } catch {
        // attachments and other binary items are not recorded
      }
    }
    response.setHeader('content-type', 'application/json');
    return response.end('{}');
  }
  if (url.pathname === '/ecb/eurofxref-daily.xml') {
    response.setHeader('content-type', 'text/xml');
    return response.end(ecbDaily);
  }
  if (url.pathname === '/__sentry') {
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify({ items: sentryItems }));
  }
  response.statusCode = 404;
  response.end('not found');
});

server.listen(port, '127.0.0.1', () => console.log(`fakes listening on http://127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
