#!/usr/bin/env node
// Local stand-ins for third-party HTTP APIs, on 127.0.0.1 only:
// - the mailing-list subscribe page (GET /subscribe?...&EMAIL=...)
// - Sentry's envelope endpoint (POST /api/<project>/envelope/), recorded for GET /__sentry
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
  if (url.pathname === '/__sentry') {
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify({ items: sentryItems }));
  }
  response.statusCode = 404;
  response.end('not found');
});

server.listen(port, '127.0.0.1', () => console.log(`fakes listening on http://127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
