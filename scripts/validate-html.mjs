#!/usr/bin/env node
// The HTML check: the home, search, a trip, a guide and the 404 page in en, fr and es, as the running
// app serves them, through the Nu Html Checker (the `vnu-jar` package, on the machine's Java ≥ 11), in
// one Java run. Passes with 0 errors (warnings are printed, not counted). The crawl test runs it on its
// server; alone: npm run test:html -- http://127.0.0.1:3000
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vnuJar from 'vnu-jar';

const base = (process.argv[2] ?? process.env.SITE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');

// A trip of the demo catalogue with an itinerary, hotels and reviews, and its guide (lib/db/seed/data).
const pages = {
  en: { home: '/', search: '/search', trip: '/trip/everest-base-camp-trek', guide: '/mountain-guide/himalayan-trails', notFound: '/no-such-page-html-check' },
  fr: { home: '/fr', search: '/fr/search', trip: '/fr/trip/trek-camp-de-base-everest', guide: '/fr/guide/himalayan-trails', notFound: '/fr/no-such-page-html-check' },
  es: { home: '/es', search: '/es/search', trip: '/es/trip/trekking-campo-base-everest', guide: '/es/guide/himalayan-trails', notFound: '/es/no-such-page-html-check' },
};

const folder = mkdtempSync(path.join(tmpdir(), 'cordee-html-'));
let failed = false;
try {
  const files = [];
  for (const [locale, kinds] of Object.entries(pages)) {
    for (const [kind, pagePath] of Object.entries(kinds)) {
      const response = await fetch(`${base}${pagePath}`, { headers: { 'accept-language': locale } });
      const expected = kind === 'notFound' ? 404 : 200;
      if (response.status !== expected) {
        console.log(`✖ html: ${pagePath} answered ${response.status}, not ${expected}`);
        failed = true;
      }
      const file = path.join(folder, `${locale}-${kind}.html`);
      writeFileSync(file, await response.text());
      files.push([file, pagePath]);
    }
  }
  const run = spawnSync('java', ['-jar', String(vnuJar), '--format', 'json', '--exit-zero-always', ...files.map(([file]) => file)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error || run.status !== 0) throw new Error(`the Nu Html Checker did not run: ${run.error?.message ?? run.stderr}`);
  const byFile = new Map(files.map(([file, pagePath]) => [`file:${file}`, pagePath]));
  const messages = JSON.parse(run.stderr).messages;
  const errors = messages.filter((message) => message.type === 'error' || message.subType === 'fatal');
  const warnings = messages.filter((message) => message.type === 'info' && message.subType === 'warning');
  for (const message of [...errors, ...warnings]) {
    const where = byFile.get(message.url) ?? message.url;
    console.log(`  ${message.type === 'error' ? 'error' : 'warning'} ${where}:${message.lastLine ?? '?'}: ${message.message}${message.extract ? `\n      ${message.extract.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`);
  }
  if (errors.length > 0) {
    console.log(`✖ html: ${errors.length} Nu Html Checker errors in ${files.length} pages`);
    failed = true;
  } else console.log(`✔ html: ${files.length} pages (home, search, trip, guide, 404 × en, fr, es) with 0 Nu Html Checker errors (${warnings.length} warnings)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
