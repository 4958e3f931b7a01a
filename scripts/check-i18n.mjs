#!/usr/bin/env node
// Fails when fr or es lacks a key that en has (or has one en lacks), when an ICU placeholder
// differs between languages, or when a longer string is left in English (conventions §8).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { messageProblems } from './i18n-rules.mjs';

const dir = fileURLToPath(new URL('../messages/', import.meta.url));
const load = (locale) => JSON.parse(readFileSync(`${dir}${locale}.json`, 'utf8'));

const { keys, problems } = messageProblems(load('en'), { fr: load('fr'), es: load('es') });
if (problems.length > 0) {
  console.error(`check:i18n found ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check:i18n: ${keys} keys, present and translated in fr and es.`);
