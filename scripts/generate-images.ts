// `npx tsx scripts/generate-images.ts`: (re)writes the demo catalogue's generated SVG images under public/assets/.
// Deterministic: every image is seeded by its entity's stable key, so reruns give byte-identical files.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mountainSceneSvg, type SceneKind, type SceneTheme } from '../lib/images/mountain-scene';

const root = process.cwd();
const dataDir = path.join(root, 'lib', 'db', 'seed', 'data');
const outDir = path.join(root, 'public', 'assets');
const PHOTOS_PER_TRIP = 5;

interface Keyed {
  key: string;
  activities?: string[];
  activity?: string | null;
  countryCode?: string | null;
}

function readEntries(prefix: string): Keyed[] {
  const files = readdirSync(dataDir)
    .filter((file) => (file === `${prefix}.json` || file.startsWith(`${prefix}-`)) && file.endsWith('.json'))
    .sort();
  return files.flatMap((file) => {
    const entries: unknown = JSON.parse(readFileSync(path.join(dataDir, file), 'utf8'));
    if (!Array.isArray(entries)) throw new Error(`${file}: expected an array`);
    return entries.map((entry: Keyed) => {
      if (typeof entry.key !== 'string' || !/^[a-z0-9-]+$/.test(entry.key)) throw new Error(`${file}: bad key ${String(entry.key)}`);
      return entry;
    });
  });
}

const SNOW_SPORTS = new Set(['ski-touring', 'freeride', 'heli-skiing', 'snowshoeing']);
const ROCK_SPORTS = new Set(['rock-climbing', 'via-ferrata']);
const DESERT_COUNTRIES = new Set(['MA', 'TZ']);
const HIGH_COUNTRIES = new Set(['NP', 'PE', 'KG']);
const WINTER_COUNTRIES = new Set(['NO', 'CA', 'JP', 'GB']);

/** The scene theme for an activity (the trip's first, i.e. main one) in a country. */
export function themeFor(activity: string | undefined | null, countryCode: string | undefined | null): SceneTheme {
  const country = countryCode ?? '';
  if (activity && SNOW_SPORTS.has(activity)) return 'snow';
  if (activity && ROCK_SPORTS.has(activity)) return 'rock';
  if (activity === 'ice-climbing') return 'snow';
  if (activity === 'mountaineering') return country === 'GB' ? 'snow' : DESERT_COUNTRIES.has(country) ? 'desert' : 'glacier';
  // Trekking, hiking, and pages without an activity: by country.
  if (DESERT_COUNTRIES.has(country)) return 'desert';
  if (HIGH_COUNTRIES.has(country)) return 'glacier';
  if (!activity && WINTER_COUNTRIES.has(country)) return 'snow';
  return 'alpine';
}

const files = new Map<string, string>();
const add = (relative: string, content: string) => {
  if (files.has(relative)) throw new Error(`duplicate output ${relative}`);
  files.set(relative, content);
};
const scene = (relative: string, seed: string, kind: SceneKind, theme?: SceneTheme) =>
  add(relative, mountainSceneSvg({ seed, kind, theme }));

// Trips: a cover and five photos each, plus the default cover.
for (const trip of readEntries('trips')) {
  const theme = themeFor(trip.activities?.[0], trip.countryCode);
  scene(`trips/${trip.key}/cover.svg`, `trip:${trip.key}`, 'cover', theme);
  for (let i = 1; i <= PHOTOS_PER_TRIP; i++) scene(`trips/${trip.key}/photos/${i}.svg`, `trip:${trip.key}:${i}`, 'photo', theme);
}
scene('trips/default/cover.svg', 'trip:default', 'cover', 'alpine');

for (const guide of readEntries('guides')) scene(`guides/${guide.key}/avatar.svg`, `guide:${guide.key}`, 'avatar', themeFor(null, guide.countryCode));

for (const page of readEntries('landing-pages')) {
  const theme = themeFor(page.activity, page.countryCode);
  scene(`landing_page/${page.key}/header.svg`, `landing:${page.key}`, 'header', theme);
  scene(`landing_page/${page.key}/relevant.svg`, `landing:${page.key}:relevant`, 'relevant', theme);
}

const STATIC_THEMES: readonly SceneTheme[] = ['alpine', 'snow', 'glacier', 'rock'];
readEntries('static-pages').forEach((page, index) => {
  const theme = STATIC_THEMES[index % STATIC_THEMES.length];
  scene(`static_page/${page.key}/header.svg`, `static:${page.key}`, 'header', theme);
  scene(`static_page/${page.key}/photo.svg`, `static:${page.key}:photo`, 'photo', theme);
});

for (const author of readEntries('authors')) scene(`authors/${author.key}/avatar.svg`, `author:${author.key}`, 'avatar', 'alpine');

// Statics: logos, icons, faces and page headers.
add(
  'statics/logos/cordee.svg',
  '<svg xmlns="http://www.w3.org/2000/svg" width="132" height="32" viewBox="0 0 132 32">' +
    '<path d="M2 28 L12 10 L18 19 L24 6 L36 28 Z" fill="#1f5c45" opacity="0.9"/>' +
    '<path d="M9 22 C15 18 21 20 30 14" stroke="#f2b48f" stroke-width="2" fill="none" stroke-linecap="round"/>' +
    '<text x="42" y="23" font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif" font-size="20" font-weight="700" fill="#1f5c45">Cordée</text>' +
    '</svg>',
);
add(
  'statics/other_logos/osprey.svg',
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48">' +
    '<text x="100" y="31" text-anchor="middle" font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif" font-size="22" font-weight="600" letter-spacing="1" fill="#3b3b3b">Osprey Packs</text>' +
    '</svg>',
);
const ICONS: Record<string, string> = {
  deposit: '<rect x="3" y="6" width="18" height="13" rx="2"/><path d="M3 10h18M7 15h4M16 15h1"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4M7 14h2M11 14h2M15 14h2M7 17h2M11 17h2"/>',
  guide: '<circle cx="12" cy="8" r="3.5"/><path d="M8.5 7a3.5 3.5 0 0 1 7 0M5 21c0-3.9 3.1-7 7-7s7 3.1 7 7"/>',
  rescue: '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="4"/><path d="M5.6 5.6l3.6 3.6M14.8 14.8l3.6 3.6M18.4 5.6l-3.6 3.6M9.2 14.8l-3.6 3.6"/>',
  language: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9M12 3C9.5 5.4 8.2 8.4 8.2 12s1.3 6.6 3.8 9"/>',
};
for (const [name, shapes] of Object.entries(ICONS))
  add(
    `statics/icons/${name}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="#1f5c45" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${shapes}</svg>`,
  );
for (let i = 1; i <= 6; i++) scene(`statics/faces/${i}.svg`, `face:${i}`, 'portrait');
scene('statics/page/about.svg', 'page:about', 'header', 'alpine');
scene('statics/page/press.svg', 'page:press', 'header', 'glacier');
scene('statics/page/home.svg', 'page:home', 'header', 'snow');

// Write everything afresh.
rmSync(outDir, { recursive: true, force: true });
let bytes = 0;
for (const [relative, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
  const target = path.join(outDir, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  bytes += Buffer.byteLength(content);
}
console.log(`Wrote ${files.size} files to ${path.relative(root, outDir)}/ (${(bytes / 1024).toFixed(1)} KiB).`);
