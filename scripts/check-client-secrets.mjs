#!/usr/bin/env node
// Fails when a server secret reaches a file the browser can download (.next/static): the values of
// the server-only variables set for this process (SMTP_URL, DATABASE_URL, REDIS_URL, SENTRY_DSN's
// key…), and anything shaped like a connection string with a password or a private key.
// `npm test` builds with canary secrets in SMTP_URL and REDIS_URL, then runs this check.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-if-needed.mjs';

const SERVER_SECRETS = ['SMTP_URL', 'DATABASE_URL', 'REDIS_URL', 'SENTRY_DSN', 'TEST_DATABASE_URL'];

/**
 * The secret parts of a variable's value: the whole value and, for a URL, its password. A user name
 * is no secret (CI's `postgres` user is a word the Sentry SDK itself contains).
 */
function secretParts(value) {
  const parts = [value];
  try {
    const url = new URL(value);
    if (url.password) parts.push(decodeURIComponent(url.password));
  } catch {
    // not a URL
  }
  return parts.filter((part) => part.length >= 8);
}

const secrets = SERVER_SECRETS.flatMap((name) => (process.env[name] ? secretParts(process.env[name]).map((part) => [name, part]) : []));
const shapes = [
  [/\b(?:postgres(?:ql)?|redis|rediss|smtps?|amqp):\/\/[^\s"'`:@/]+:[^\s"'`@/]+@/i, 'a connection string with a password'],
  [/-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----/, 'a private key'],
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

const staticDir = path.join(root, '.next', 'static');
const found = [];
let scanned = 0;
for (const file of files(staticDir)) {
  if (!/\.(?:js|mjs|json|css|html|txt|map)$/.test(file)) continue;
  scanned += 1;
  const text = readFileSync(file, 'utf8');
  for (const [name, part] of secrets) if (text.includes(part)) found.push(`${path.relative(root, file)}: the value of ${name}`);
  for (const [pattern, what] of shapes) if (pattern.test(text)) found.push(`${path.relative(root, file)}: ${what}`);
}
if (scanned === 0) {
  console.error('check-client-secrets: no client files in .next/static (build first)');
  process.exit(1);
}
if (found.length > 0) {
  console.error(`Server secrets in client files:\n  ${found.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-client-secrets: ${scanned} client files, none holds a server secret (${secrets.length} values checked).`);
