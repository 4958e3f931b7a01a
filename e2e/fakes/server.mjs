#!/usr/bin/env node
// Local stand-ins for third-party HTTP APIs, on 127.0.0.1 only:
// - the mailing-list subscribe page (GET /subscribe?...&EMAIL=...)
// - Sentry's envelope endpoint (POST /api/<project>/envelope/), recorded for GET /__sentry
// - the ECB daily reference-rates feed (GET /ecb/eurofxref-daily.xml), one day newer than the seeded snapshot
// - an SMTP server on FAKES_SMTP_PORT (no auth needed, no TLS) that keeps every message it receives,
//   listed by GET /smtp/messages[?to=<address>] and cleared by DELETE /smtp/messages
// - Amplitude's HTTP API: POST /2/httpapi (batch upload), GET /sdk/v2/flags and /sdk/v2/vardata
//   (Experiment). Behaviour per device id (tests use their own): PUT /__amplitude/devices/<id> with
//   { uploads: [500, 429, 400...] (answers of the next uploads, then 200), variant: 'on' | 'off',
//   delayMs }; GET /__amplitude/uploads?device=<id> and /__amplitude/experiment?device=<id> list
//   what was received
// - a chatbot embed script (GET /chatbot.js?url=...), its requests listed by GET /__chatbot
// - DeepL's text translation (POST /deepl/v2/translate, form-encoded, `Authorization: DeepL-Auth-Key …`):
//   answers "[FR] <text>" for target FR, detected source EN; its requests listed by GET /__deepl
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.FAKES_PORT || 4319);
const smtpPort = Number(process.env.FAKES_SMTP_PORT || 4320);
const sentryItems = [];
let mails = [];
const amplitudeDevices = new Map();
const amplitudeUploads = [];
const experimentRequests = [];
const chatbotRequests = [];
const deeplRequests = [];

const deviceOf = (id) => {
  if (!amplitudeDevices.has(id)) amplitudeDevices.set(id, { uploads: [], variant: 'on', delayMs: 0 });
  return amplitudeDevices.get(id);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const json = (response, status, body) => {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.setHeader('access-control-allow-origin', '*');
  response.end(JSON.stringify(body));
};
// Amplitude's answers (HTTP API v2): the SDK drops events on this 400, retries on 429 and 5xx.
const uploadAnswers = {
  200: (events) => ({ code: 200, events_ingested: events.length, payload_size_bytes: 0, server_upload_time: Date.now() }),
  400: () => ({ code: 400, error: 'Invalid API key: rejected by the fake' }),
  429: () => ({ code: 429, error: 'Too many requests for some devices and users', eps_threshold: 30, throttled_devices: {}, throttled_users: {}, throttled_events: [], exceeded_daily_quota_devices: {}, exceeded_daily_quota_users: {} }),
  500: () => ({ code: 500, error: 'Internal server error' }),
};
const decodeUser = (header) => {
  try {
    return JSON.parse(Buffer.from(String(header ?? ''), 'base64url').toString('utf8'));
  } catch {
    return {};
  }
};

const addresses = (field) => (field ? [field].flat().flatMap((group) => group.value.map((entry) => entry.address)) : []);

const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: parsed.from?.text ?? '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          replyTo: addresses(parsed.replyTo)[0] ?? null,
          // Raw header values (lower-case names), unfolded; the subject above is the decoded one.
          headers: Object.fromEntries(parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim()])),
        });
        callback();
      })
      .catch(callback);
  },
});

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

async function amplitude(request, response, url) {
  if (request.method === 'OPTIONS') {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    response.setHeader('access-control-allow-headers', '*');
    response.statusCode = 204;
    return response.end();
  }
  if (url.pathname === '/2/httpapi' && request.method === 'POST') {
    let body = {};
    try {
      body = JSON.parse((await readBody(request)).toString('utf8'));
    } catch {
      return json(response, 400, { code: 400, error: 'Invalid JSON request body', missing_field: 'events' });
    }
    const events = Array.isArray(body.events) ? body.events : [];
    const device = deviceOf(events[0]?.device_id ?? '');
    const status = device.uploads.length > 0 ? device.uploads.shift() : 200;
    amplitudeUploads.push({ status, apiKey: body.api_key, deviceId: events[0]?.device_id ?? null, clientUploadTime: body.client_upload_time ?? null, events });
    if (device.delayMs) await sleep(device.delayMs);
    return json(response, status, (uploadAnswers[status] ?? uploadAnswers[500])(events));
  }
  if (url.pathname === '/sdk/v2/flags' || url.pathname === '/sdk/v2/vardata') {
    const user = decodeUser(request.headers['x-amp-exp-user']);
    const device = deviceOf(user.device_id ?? '');
    experimentRequests.push({
      path: url.pathname,
      deviceId: user.device_id ?? null,
      authorization: request.headers.authorization ?? null,
      library: request.headers['x-amp-exp-library'] ?? user.library ?? null,
    });
    if (device.delayMs) await sleep(device.delayMs);
    if (url.pathname === '/sdk/v2/flags') return json(response, 200, []);
    return json(response, 200, device.variant === 'on' ? { 'deposit-banner': { key: 'on', value: 'on' } } : {});
  }
  const control = url.pathname.match(/^\/__amplitude\/devices\/([^/]+)$/);
  if (control && request.method === 'PUT') {
    const settings = JSON.parse((await readBody(request)).toString('utf8') || '{}');
    amplitudeDevices.set(decodeURIComponent(control[1]), { uploads: settings.uploads ?? [], variant: settings.variant ?? 'on', delayMs: settings.delayMs ?? 0 });
    response.statusCode = 204;
    return response.end();
  }
  const device = url.searchParams.get('device');
  if (url.pathname === '/__amplitude/uploads') return json(response, 200, amplitudeUploads.filter((upload) => !device || upload.deviceId === device));
  if (url.pathname === '/__amplitude/experiment') return json(response, 200, experimentRequests.filter((entry) => !device || entry.deviceId === device));
  return false;
}

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname === '/health') return response.end('ok');
  if (url.pathname.startsWith('/2/') || url.pathname.startsWith('/sdk/') || url.pathname.startsWith('/__amplitude/')) {
    if ((await amplitude(request, response, url)) !== false) return;
  }
  if (url.pathname === '/chatbot.js') {
    chatbotRequests.push({ url: url.searchParams.get('url') });
    response.setHeader('content-type', 'text/javascript');
    return response.end("document.body.insertAdjacentHTML('beforeend', '<div data-testid=\"chatbot\" hidden></div>');");
  }
  if (url.pathname === '/__chatbot') return json(response, 200, chatbotRequests);
  if (url.pathname === '/deepl/v2/translate' && request.method === 'POST') {
    const form = new URLSearchParams((await readBody(request)).toString('utf8'));
    const key = /^DeepL-Auth-Key (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
    deeplRequests.push({ key, target: form.get('target_lang'), texts: form.getAll('text') });
    if (!key) return json(response, 403, { message: 'Authorization failure, check auth_key' });
    const target = (form.get('target_lang') ?? '').toUpperCase();
    return json(response, 200, { translations: form.getAll('text').map((text) => ({ detected_source_language: 'EN', text: `[${target}] ${text}`, billed_characters: text.length })) });
  }
  if (url.pathname === '/__deepl') return json(response, 200, deeplRequests);
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
  if (url.pathname === '/smtp/messages') {
    if (request.method === 'DELETE') {
      mails = [];
      response.statusCode = 204;
      return response.end();
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify(to ? mails.filter((mail) => mail.to.some((address) => address.toLowerCase() === to)) : mails));
  }
  if (url.pathname === '/__sentry') {
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify({ items: sentryItems }));
  }
  response.statusCode = 404;
  response.end('not found');
});

server.listen(port, '127.0.0.1', () => console.log(`fakes listening on http://127.0.0.1:${port}`));
smtp.listen(smtpPort, '127.0.0.1', () => console.log(`fake SMTP listening on smtp://127.0.0.1:${smtpPort}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => smtp.close(() => server.close(() => process.exit(0))));
