// Deterministic, stylised mountain scenes as compact SVG documents: the demo catalogue's images.
// Pure TypeScript (no Node, no React): the same options always give byte-identical output.

export type SceneKind = 'cover' | 'photo' | 'avatar' | 'header' | 'relevant' | 'portrait';
export type SceneTheme = 'snow' | 'alpine' | 'desert' | 'jungle' | 'glacier' | 'rock';

export interface MountainSceneOptions {
  seed: string;
  kind: SceneKind;
  theme?: SceneTheme;
  /** Optional caption drawn small in a corner (aria-hidden: the page's alt text describes the image). */
  label?: string;
}

export const SCENE_SIZES: Readonly<Record<SceneKind, { width: number; height: number }>> = {
  cover: { width: 1600, height: 900 },
  header: { width: 1600, height: 900 },
  photo: { width: 1200, height: 800 },
  relevant: { width: 800, height: 600 },
  avatar: { width: 400, height: 400 },
  portrait: { width: 400, height: 400 },
};

export const SCENE_THEMES: readonly SceneTheme[] = ['snow', 'alpine', 'desert', 'jungle', 'glacier', 'rock'];

// ---------------------------------------------------------------- randomness

type Rng = () => number;

function hashString(text: string): number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

function mulberry32(seed: number): Rng {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (r: Rng, min: number, max: number) => min + (max - min) * r();
const chance = (r: Rng, p: number) => r() < p;

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} out of range`);
  return item;
}

const pick = <T>(r: Rng, items: readonly T[]): T => at(items, Math.floor(r() * items.length));

function weighted<T extends string>(r: Rng, weights: Readonly<Partial<Record<T, number>>>): T {
  const entries = Object.entries(weights) as [T, number][];
  let roll = r() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of entries) {
    roll -= w;
    if (roll < 0) return value;
  }
  return at(entries, entries.length - 1)[0];
}

// ---------------------------------------------------------------- colour and numbers

const n = (value: number) => String(Math.round(value));
const f1 = (value: number) => String(Math.round(value * 10) / 10).replace(/^(-?)0\./, '$1.');

function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  let out = '#';
  for (const shift of [16, 8, 0]) {
    const ca = (pa >> shift) & 255;
    const cb = (pb >> shift) & 255;
    out += Math.round(ca + (cb - ca) * t)
      .toString(16)
      .padStart(2, '0');
  }
  return out;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// ---------------------------------------------------------------- palettes

type TimeOfDay = 'dawn' | 'midday' | 'dusk' | 'alpenglow' | 'night';

interface SkyPalette {
  top: string;
  mid: string;
  low: string;
  sun: string;
  glow: string;
  /** How far the terrain sinks towards a dark silhouette (0 at noon). */
  dark: number;
  /** The light's tint on snow. */
  tint: string;
}

const SKIES: Record<TimeOfDay, SkyPalette> = {
  dawn: { top: '#44557f', mid: '#a08cae', low: '#f3cba8', sun: '#fff3dc', glow: '#ffd6a6', dark: 0.18, tint: '#ffe0c8' },
  midday: { top: '#3b6fa8', mid: '#79a6d2', low: '#d6e6f1', sun: '#fffdf4', glow: '#ffffff', dark: 0, tint: '#ffffff' },
  dusk: { top: '#28315a', mid: '#7a5a86', low: '#f0a572', sun: '#ffd9a0', glow: '#f7a563', dark: 0.34, tint: '#f8c6a4' },
  alpenglow: { top: '#4a5a8e', mid: '#c08fab', low: '#f6cfb2', sun: '#fff0dc', glow: '#f6b9a4', dark: 0.2, tint: '#fbbfac' },
  night: { top: '#08101f', mid: '#15244a', low: '#2f4470', sun: '#eef0e6', glow: '#9fb3d9', dark: 0.64, tint: '#b4c4e4' },
};

interface ThemePalette {
  /** Terrain colours, far to near. */
  layers: readonly [string, string, string, string];
  snow: string;
  /** Probability of snow caps per layer, far to near. */
  snowChance: readonly [number, number, number, number];
  /** Snow line as a fraction of the way down from the highest peak to the ridge's base. */
  snowLine: readonly [number, number];
  times: Readonly<Partial<Record<TimeOfDay, number>>>;
}

const THEMES: Record<SceneTheme, ThemePalette> = {
  snow: {
    layers: ['#7c8ba6', '#5d6d8a', '#7f92ad', '#e3eaf3'],
    snow: '#f3f6fa',
    snowChance: [1, 1, 1, 0],
    snowLine: [0.5, 0.75],
    times: { dawn: 2, midday: 4, dusk: 1, alpenglow: 2, night: 1 },
  },
  alpine: {
    layers: ['#72819b', '#5a6a82', '#44634c', '#2c4a34'],
    snow: '#f2f5f9',
    snowChance: [1, 0.7, 0, 0],
    snowLine: [0.22, 0.38],
    times: { dawn: 2, midday: 4, dusk: 2, alpenglow: 2, night: 1 },
  },
  glacier: {
    layers: ['#7889a4', '#5b6a82', '#4f596b', '#57555a'],
    snow: '#eef5fa',
    snowChance: [1, 1, 0.6, 0],
    snowLine: [0.35, 0.55],
    times: { dawn: 2, midday: 4, dusk: 1, alpenglow: 3, night: 1 },
  },
  rock: {
    layers: ['#8c8a98', '#7e7069', '#6d5a4e', '#4a3c34'],
    snow: '#f1f3f6',
    snowChance: [0.5, 0, 0, 0],
    snowLine: [0.15, 0.25],
    times: { dawn: 2, midday: 4, dusk: 3, alpenglow: 1, night: 1 },
  },
  desert: {
    layers: ['#c39a83', '#b37a56', '#96593a', '#d6a064'],
    snow: '#f6f3ef',
    snowChance: [0.4, 0, 0, 0],
    snowLine: [0.12, 0.2],
    times: { dawn: 3, midday: 3, dusk: 3, alpenglow: 1, night: 1 },
  },
  jungle: {
    layers: ['#7aa195', '#568a6f', '#3d7052', '#264f33'],
    snow: '#f2f5f9',
    snowChance: [0, 0, 0, 0],
    snowLine: [0.1, 0.2],
    times: { dawn: 3, midday: 4, dusk: 2, alpenglow: 1, night: 1 },
  },
};

const NIGHT_INK = '#0b1222';

// ---------------------------------------------------------------- geometry

interface Pt {
  x: number;
  y: number;
}

interface RidgeOptions {
  baseY: number;
  amp: number;
  peaks: number;
  rough: number;
  levels: number;
  /** Added to y proportionally to x: tilts the ridge (close-ups). */
  tilt?: number;
  /** Flat-topped summits (mesas, buttes). */
  flat?: boolean;
  /** One summit stands well above the others. */
  hero?: boolean;
}

function ridge(r: Rng, width: number, o: RidgeOptions): Pt[] {
  const edge = width * 0.03;
  const count = o.peaks * 2;
  const step = (width + 2 * edge) / count;
  const tilt = o.tilt ?? 0;
  const hero = o.hero ? 2 * Math.floor(r() * o.peaks) + 1 : -1;
  let pts: Pt[] = [];
  for (let k = 0; k <= count; k++) {
    const x = -edge + k * step + (k > 0 && k < count ? (r() - 0.5) * step * 0.7 : 0);
    const peak = k % 2 === 1;
    const rise = !peak ? between(r, 0.05, 0.4) : k === hero ? between(r, 0.92, 1) : o.hero ? between(r, 0.35, 0.72) : between(r, 0.45, 1);
    const y = o.baseY - o.amp * rise + tilt * (x / width - 0.5);
    if (peak && o.flat) {
      const half = step * between(r, 0.15, 0.35);
      pts.push({ x: x - half, y: y + o.amp * 0.02 }, { x: x + half, y });
    } else pts.push({ x, y });
  }
  for (let level = 0; level < o.levels; level++) {
    const out: Pt[] = [at(pts, 0)];
    for (let i = 0; i + 1 < pts.length; i++) {
      const a = at(pts, i);
      const b = at(pts, i + 1);
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      out.push({ x: (a.x + b.x) / 2 + (r() - 0.5) * len * 0.12, y: (a.y + b.y) / 2 + (r() - 0.5) * len * o.rough }, b);
    }
    pts = out;
  }
  return pts;
}

/** The ridge's height at x (linear between its points). */
function heightAt(pts: readonly Pt[], x: number): number {
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = at(pts, i);
    const b = at(pts, i + 1);
    if (x >= a.x && x <= b.x) return b.x === a.x ? a.y : a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
  }
  return at(pts, x < at(pts, 0).x ? 0 : pts.length - 1).y;
}

/** Numbers joined as compactly as SVG path data allows (a minus sign separates by itself). */
function numbers(values: readonly number[]): string {
  let out = '';
  for (const value of values) {
    const text = String(value);
    out += out === '' || text.startsWith('-') ? text : ` ${text}`;
  }
  return out;
}

/** `M` to the first point, then relative `l` steps (on rounded coordinates, so nothing drifts). */
function poly(pts: readonly Pt[]): string {
  const first = at(pts, 0);
  let x = Math.round(first.x);
  let y = Math.round(first.y);
  const steps: number[] = [];
  for (const p of pts.slice(1)) {
    const nx = Math.round(p.x);
    const ny = Math.round(p.y);
    steps.push(nx - x, ny - y);
    x = nx;
    y = ny;
  }
  return `M${numbers([Math.round(first.x), Math.round(first.y)])}${steps.length ? `l${numbers(steps)}` : ''}`;
}

/** A filled ridge: its crest, then straight down to the frame's bottom. */
const ridgePath = (pts: readonly Pt[], bottom: number) => `${poly(pts)}V${n(bottom)}H${n(at(pts, 0).x)}Z`;

/** Shadowed faces: from each summit down to the next col on the side away from the light. */
function shadowPath(r: Rng, pts: readonly Pt[], bottom: number, lightFromLeft: boolean, minWidth: number): string {
  const seq = lightFromLeft ? pts : [...pts].reverse();
  let d = '';
  for (let i = 1; i + 1 < seq.length; i++) {
    const p = at(seq, i);
    if (!(p.y < at(seq, i - 1).y && p.y <= at(seq, i + 1).y)) continue;
    const face: Pt[] = [p];
    let j = i + 1;
    while (j < seq.length && (j === i + 1 || at(seq, j).y >= at(seq, j - 1).y - 2)) face.push(at(seq, j++));
    const col = at(face, face.length - 1);
    if (Math.abs(col.x - p.x) < minWidth) continue;
    const foot = p.x + (col.x - p.x) * between(r, 0.05, 0.35);
    d += `${poly(face)}V${n(bottom)}H${n(foot)}Z`;
  }
  return d;
}

/** Snow caps: everything of the ridge above the snow line, with a ragged lower edge. */
function snowPath(r: Rng, pts: readonly Pt[], baseY: number, line: number): string {
  const top = Math.min(...pts.map((p) => p.y));
  const snowY = top + (baseY - top) * line;
  const drip = (baseY - top) * 0.14;
  let d = '';
  let cap: Pt[] = [];
  const close = () => {
    const first = at(cap, 0);
    const last = at(cap, cap.length - 1);
    const steps = Math.max(1, Math.min(8, Math.round((last.x - first.x) / 26)));
    for (let s = steps - 1; s > 0; s--) {
      const x = first.x + ((last.x - first.x) * (s + (r() - 0.5) * 0.6)) / steps;
      const y = snowY + drip * (s % 2 ? between(r, 0.4, 1.5) : between(r, -0.4, 0.2));
      cap.push({ x, y: Math.max(heightAt(pts, x) + 1, y) });
    }
    d += `${poly(cap)}Z`;
    cap = [];
  };
  for (let i = 0; i < pts.length; i++) {
    const p = at(pts, i);
    const prev = i > 0 ? at(pts, i - 1) : undefined;
    const above = p.y < snowY;
    if (prev && above !== prev.y < snowY) {
      const t = (snowY - prev.y) / (p.y - prev.y);
      cap.push({ x: prev.x + (p.x - prev.x) * t, y: snowY });
      if (!above) close();
    }
    if (above) cap.push(p);
  }
  if (cap.length > 1) close();
  return d;
}

function pine(x: number, base: number, h: number): string {
  const w = h * 0.42;
  const [a, b, c, d, e] = [w * 0.3, h * 0.45, w * 0.14, w * 0.34, h * 0.55].map(Math.round) as [number, number, number, number, number];
  return `M${numbers([Math.round(x), Math.round(base - h)])}l${numbers([a, b])}h${-c}l${numbers([d, e])}h${-2 * (a - c + d)}l${numbers([d, -e])}h${-c}z`;
}

/** A forest edge following the ridge, held below the tree line. */
function forestPath(r: Rng, pts: readonly Pt[], width: number, bottom: number, treeLine: number, tooth: number): string {
  const edge: Pt[] = [{ x: -10, y: bottom }];
  const go = (x: number, y: number) => edge.push({ x, y });
  for (let x = -10; x < width + tooth; x += tooth * between(r, 0.8, 1.2)) {
    const base = Math.max(heightAt(pts, x), treeLine) + tooth * 0.5;
    go(x, base - tooth * between(r, 1.4, 2.4));
    go(x + tooth * 0.5, base);
  }
  return `${poly(edge)}V${n(bottom)}Z`;
}

// ---------------------------------------------------------------- figures

const INK = '#1b1f29';

/** A climber facing right, feet at the origin, about 60 units tall: defined once, placed with `climber`. */
const CLIMBER =
  `<g id="k" fill="${INK}"><circle cx="3" cy="-53" r="5.5"/><path d="M-10-46h9l-1 17h-8zM-3-47h10l2 17-2 2h-9zM-2-29h5l-6 29h-5zM2-29h5l2 15-1 14h-4v-14z"/>` +
  `<path d="M6-44 13-32M15-42l2 28M12-42h7" stroke="${INK}" stroke-width="3" stroke-linecap="round"/></g>`;

const climber = (x: number, y: number, scale: number, facing: 1 | -1) =>
  `<use href="#k" transform="translate(${n(x)} ${n(y)}) scale(${f1(scale * facing)} ${f1(scale)})"/>`;

// ---------------------------------------------------------------- scene

type Composition = 'vista' | 'ridge' | 'climber' | 'tent' | 'hut' | 'tracks';

export function mountainSceneSvg(options: MountainSceneOptions): string {
  const { kind } = options;
  const { width: W, height: H } = SCENE_SIZES[kind];
  const r = mulberry32(hashString(`${options.seed}\u0000${kind}\u0000${options.theme ?? ''}`));
  const themeName: SceneTheme = options.theme ?? pick(r, SCENE_THEMES);
  const theme = THEMES[themeName];
  // Covers and headers sell the trip: no night skies there.
  const time = weighted<TimeOfDay>(r, kind === 'cover' || kind === 'header' ? { ...theme.times, night: 0 } : theme.times);
  const sky = SKIES[time];
  const square = kind === 'avatar' || kind === 'portrait';
  const u = W / 1600; // stroke and figure scale

  const defs: string[] = [];
  const body: string[] = [];
  defs.push(
    `<linearGradient id="s" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset=".55" stop-color="${sky.mid}"/><stop offset="1" stop-color="${sky.low}"/></linearGradient>`,
    `<radialGradient id="g"><stop offset="0" stop-color="${sky.glow}" stop-opacity=".75"/><stop offset="1" stop-color="${sky.glow}" stop-opacity="0"/></radialGradient>`,
  );
  body.push(`<rect width="${W}" height="${H}" fill="url(#s)"/>`);

  // Light: the sun (or moon) and its glow; shadows fall away from it.
  const sunX = W * between(r, 0.12, 0.88);
  const low = time === 'dawn' || time === 'dusk' || time === 'alpenglow';
  const sunY = H * (square ? between(r, 0.12, 0.3) : low ? between(r, 0.3, 0.46) : between(r, 0.1, 0.24));
  const sunR = (square ? 0.05 : 0.028) * W * between(r, 0.85, 1.2);
  body.push(`<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR * (low ? 9 : 7))}" fill="url(#g)"/>`);
  if (time === 'night') {
    let stars = '';
    for (let i = 0; i < 26; i++) stars += `M${n(r() * W)} ${n(r() * r() * H * 0.6)}h0`;
    body.push(`<path d="${stars}" stroke="#fff" stroke-opacity=".75" stroke-width="${f1(Math.max(1.5, 2.4 * u))}" stroke-linecap="round"/>`);
    body.push(`<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR * 0.8)}" fill="${sky.sun}"/>`);
  } else {
    body.push(`<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR)}" fill="${sky.sun}" fill-opacity=".95"/>`);
    const clouds = Math.floor(between(r, 0, 3.4));
    for (let i = 0; i < clouds; i++) {
      const cy = H * between(r, 0.08, 0.32);
      body.push(
        `<ellipse cx="${n(r() * W)}" cy="${n(cy)}" rx="${n(W * between(r, 0.08, 0.2))}" ry="${n(H * between(r, 0.005, 0.014))}" fill="${mix(sky.low, '#ffffff', 0.5)}" fill-opacity="${f1(between(r, 0.2, 0.4))}"/>`,
      );
    }
  }

  const lightFromLeft = sunX < W / 2;
  const terrain = (i: number, fog: number) => {
    const base = mix(theme.layers[i as 0 | 1 | 2 | 3], sky.low, fog);
    return mix(base, NIGHT_INK, sky.dark * (0.55 + 0.15 * i));
  };
  const snowColour = mix(mix(theme.snow, sky.tint, 0.45), NIGHT_INK, sky.dark * 0.5);
  const shadowOpacity = f1(time === 'midday' ? 0.18 : 0.24);

  const drawRidge = (i: number, pts: Pt[], baseY: number, fog: number, snow: boolean, id?: string) => {
    const fill = terrain(i, fog);
    body.push(`<path${id ? ` id="${id}"` : ''} d="${ridgePath(pts, H + 2)}" fill="${fill}"/>`);
    if (snow) body.push(`<path d="${snowPath(r, pts, baseY, between(r, ...theme.snowLine))}" fill="${snowColour}"/>`);
    body.push(`<path d="${shadowPath(r, pts, H + 2, lightFromLeft, W * 0.02)}" fill="${NIGHT_INK}" fill-opacity="${shadowOpacity}"/>`);
  };
  const mist = (y: number, h: number) => {
    if (!defs.some((d) => d.includes('id="m"')))
      defs.push(
        `<linearGradient id="m" x2="0" y2="1"><stop offset="0" stop-color="${sky.low}" stop-opacity="0"/><stop offset=".6" stop-color="${sky.low}" stop-opacity=".4"/><stop offset="1" stop-color="${sky.low}" stop-opacity="0"/></linearGradient>`,
      );
    body.push(`<rect y="${n(y)}" width="${W}" height="${n(h)}" fill="url(#m)"/>`);
  };

  if (square) {
    // Background: two ridges behind the person.
    const far = ridge(r, W, { baseY: H * 0.62, amp: H * 0.38, peaks: 3, rough: 0.28, levels: 2 });
    drawRidge(0, far, H * 0.62, 0.4, theme.snowChance[0] > 0, undefined);
    const near = ridge(r, W, { baseY: H * 0.8, amp: H * 0.2, peaks: 2, rough: 0.22, levels: 1 });
    drawRidge(2, near, H * 0.8, 0.15, false);
    body.push(person(r, kind === 'portrait'));
  } else {
    const composition: Composition =
      kind === 'photo'
        ? weighted<Composition>(r, {
            vista: 2,
            ridge: 2,
            climber: themeName === 'jungle' || themeName === 'desert' ? 0.5 : 2,
            tent: 1.5,
            hut: themeName === 'alpine' || themeName === 'snow' ? 1.5 : 0.3,
            tracks: themeName === 'snow' ? 3 : 0,
          })
        : 'vista';
    const closeUp = composition === 'ridge' || composition === 'climber' || composition === 'tracks';
    const lakeChance: Record<SceneTheme, number> = { alpine: 0.45, jungle: 0.3, rock: 0.15, snow: 0, desert: 0, glacier: 0 };
    const lake = !closeUp && composition !== 'hut' && chance(r, lakeChance[themeName] * (kind === 'photo' ? 0.6 : 1));
    const smooth = themeName === 'jungle';

    // Far ridges.
    const farBase = H * between(r, 0.52, 0.6);
    const far = ridge(r, W, {
      baseY: farBase,
      amp: H * between(r, 0.3, 0.44),
      peaks: Math.round(between(r, 3, 5.4)),
      rough: smooth ? 0.1 : 0.3,
      levels: 2,
      hero: chance(r, 0.6),
    });
    const midBase = farBase + H * 0.1;
    const mid = ridge(r, W, {
      baseY: midBase,
      amp: H * between(r, 0.2, 0.3),
      peaks: Math.round(between(r, 3, 6.4)),
      rough: smooth ? 0.1 : 0.34,
      levels: 1,
      flat: themeName === 'desert' && chance(r, 0.7),
    });
    drawRidge(0, far, farBase, 0.45, chance(r, theme.snowChance[0]), lake ? 'a' : undefined);
    if (chance(r, 0.5)) mist(farBase - H * 0.14, H * 0.2);
    drawRidge(1, mid, midBase, 0.28, chance(r, theme.snowChance[1]), lake ? 'b' : undefined);
    if (smooth || chance(r, 0.5)) mist(midBase - H * 0.12, H * 0.2);

    let near: Pt[] = [];
    let nearBase = H;
    if (lake) {
      const lakeY = Math.round(midBase + H * 0.02);
      const water = mix(mix(sky.mid, sky.top, 0.3), NIGHT_INK, 0.2 + sky.dark * 0.3);
      defs.push(
        `<linearGradient id="w" x2="0" y2="1"><stop offset="0" stop-color="${mix(sky.low, water, 0.5)}"/><stop offset="1" stop-color="${water}"/></linearGradient>`,
        `<clipPath id="c"><rect y="${lakeY}" width="${W}" height="${H - lakeY}"/></clipPath>`,
      );
      body.push(
        `<rect y="${lakeY}" width="${W}" height="${H - lakeY}" fill="url(#w)"/>`,
        `<g clip-path="url(#c)" opacity=".38"><use href="#a" transform="matrix(1 0 0 -1 0 ${2 * lakeY})"/><use href="#b" transform="matrix(1 0 0 -1 0 ${2 * lakeY})"/></g>`,
      );
      let glints = '';
      for (let i = 0; i < 9; i++) glints += `M${n(r() * W)} ${n(lakeY + (H - lakeY) * r() * 0.7 + 4)}h${n(W * between(r, 0.02, 0.08))}`;
      body.push(`<path d="${glints}" stroke="#fff" stroke-opacity=".22" stroke-width="${f1(2 * u + 0.5)}"/>`);
      nearBase = H * 1.02;
      near = ridge(r, W, { baseY: nearBase, amp: H * 0.14, peaks: 3, rough: 0.15, levels: 1, tilt: H * between(r, -0.15, 0.15) });
      drawRidge(3, near, nearBase, 0, false);
    } else if (themeName === 'glacier' && !closeUp) {
      const third = ridge(r, W, { baseY: H * 0.8, amp: H * 0.2, peaks: 4, rough: 0.24, levels: 1 });
      drawRidge(2, third, H * 0.8, 0.15, chance(r, theme.snowChance[2]));
      glacierTongue(r, W, H, mid, sky.dark, body, defs);
      // Moraine flanks either side of the ice.
      for (const side of [-1, 1]) {
        const start = side < 0 ? -20 : W + 20;
        const edge = W * (0.5 + side * between(r, 0.24, 0.32));
        const pts: Pt[] = [];
        for (let k = 0; k <= 6; k++) {
          const t = k / 6;
          pts.push({ x: start + (edge - start) * t, y: H * (between(r, 0.62, 0.7) + 0.36 * t * t) + (r() - 0.5) * H * 0.03 });
        }
        const ordered = side < 0 ? pts : [...pts].reverse();
        drawRidge(3, ordered, H, 0, false);
      }
    } else {
      const third = ridge(r, W, {
        baseY: H * 0.8,
        amp: H * 0.2,
        peaks: Math.round(between(r, 3, 5)),
        rough: smooth ? 0.08 : 0.24,
        levels: 1,
        flat: themeName === 'desert' || (themeName === 'rock' && chance(r, 0.5)),
      });
      drawRidge(2, third, H * 0.8, 0.15, chance(r, theme.snowChance[2]));
      if (themeName === 'alpine') body.push(`<path d="${forestPath(r, third, W, H + 2, H * 0.68, 28 * u)}" fill="${terrain(3, 0.12)}"/>`);
      if (smooth) mist(H * 0.66, H * 0.2);

      nearBase = closeUp ? H * 1.05 : H * between(r, 0.93, 1.0);
      const tiltSign = chance(r, 0.5) ? 1 : -1;
      near = ridge(r, W, {
        baseY: nearBase,
        amp: closeUp ? H * between(r, 0.28, 0.4) : H * between(r, 0.1, 0.16),
        peaks: closeUp ? 2 : Math.round(between(r, 2, 4)),
        rough: closeUp ? 0.2 : 0.12,
        levels: closeUp ? 2 : 1,
        tilt: closeUp ? H * between(r, 0.35, 0.55) * tiltSign : H * between(r, -0.1, 0.1),
      });
      if (themeName === 'rock' && !closeUp) cliff(r, W, H, terrain(2, 0.05), body, lightFromLeft);
      if (themeName === 'desert' && !closeUp) {
        dunes(r, W, H, terrain(3, 0), body);
      } else {
        const snowy = themeName === 'snow' || (closeUp && (themeName === 'glacier' || (themeName === 'alpine' && chance(r, 0.3))));
        const nearColour = snowy ? snowColour : terrain(3, 0);
        body.push(`<path d="${ridgePath(near, H + 2)}" fill="${nearColour}"/>`);
        body.push(`<path d="${shadowPath(r, near, H + 2, lightFromLeft, W * 0.02)}" fill="${snowy ? '#4d6390' : NIGHT_INK}" fill-opacity="${snowy ? '.22' : shadowOpacity}"/>`);
      }
    }

    // Foreground details.
    if (themeName === 'alpine' && near.length > 0 && composition !== 'climber') {
      let trees = '';
      const count = Math.round(between(r, 3, 8));
      for (let i = 0; i < count; i++) {
        const x = (chance(r, 0.5) ? between(r, 0, 0.3) : between(r, 0.7, 1)) * W;
        trees += pine(x, heightAt(near, x) + H * 0.04, H * between(r, 0.08, 0.2));
      }
      body.push(`<path d="${trees}" fill="${mix(terrain(3, 0), NIGHT_INK, 0.3)}"/>`);
    }
    if (near.length > 0 && composition !== 'vista' && composition !== 'ridge') {
      const x = W * between(r, 0.3, 0.7);
      const y = heightAt(near, x) + 2;
      if (composition === 'climber') {
        // Find the crest near x: the highest point within a band.
        let best = { x, y };
        for (let k = -8; k <= 8; k++) {
          const cx = x + k * W * 0.02;
          const cy = heightAt(near, cx);
          if (cy < best.y) best = { x: cx, y: cy };
        }
        const s = (H / 800) * between(r, 1.2, 1.7);
        const facing = near.length && heightAt(near, best.x + 40) < heightAt(near, best.x - 40) ? 1 : -1;
        const behind = best.x - facing * 90 * s;
        const by = heightAt(near, behind) + 2;
        defs.push(CLIMBER);
        body.push(
          climber(best.x, best.y + 2, s, facing),
          climber(behind, by, s, facing),
          `<path d="M${n(behind + facing * 2 * s)} ${n(by - 34 * s)}Q${n((behind + best.x) / 2)} ${n(Math.max(by, best.y) + 4 * s)} ${n(best.x - facing * 6 * s)} ${n(best.y - 34 * s)}" stroke="#e2704f" stroke-width="${f1(2 * s)}" fill="none"/>`,
        );
      } else if (composition === 'tent') {
        const s = (H / 800) * between(r, 1, 1.5);
        const lit = sky.dark > 0.15;
        const colour = pick(r, ['#d9683a', '#e2a33b', '#c4453a', '#3f7fa6']);
        body.push(
          `<g transform="translate(${n(x)} ${n(y)}) scale(${f1(s)})"><ellipse cy="2" rx="56" ry="6" fill="${NIGHT_INK}" fill-opacity=".3"/><path d="M-48 0 0-40 48 0Z" fill="${mix(colour, NIGHT_INK, sky.dark * 0.6)}"/><path d="M0-40 48 0H26Z" fill="${NIGHT_INK}" fill-opacity=".25"/><path d="M-12 0 0-26 12 0Z" fill="${lit ? '#ffd27a' : mix(colour, NIGHT_INK, 0.5)}"/></g>`,
        );
      } else if (composition === 'hut') {
        const s = (H / 800) * between(r, 1.1, 1.6);
        const lit = sky.dark > 0.15;
        const wall = mix('#6b4a34', NIGHT_INK, sky.dark * 0.6);
        body.push(
          `<g transform="translate(${n(x)} ${n(y)}) scale(${f1(s)})"><path d="M-46 4V-30L0-60 46-30V4Z" fill="${wall}"/><path d="M-56-26 0-70 56-26 50-20 0-58-50-20Z" fill="${themeName === 'snow' ? snowColour : mix('#3a3338', NIGHT_INK, sky.dark * 0.5)}"/><rect x="20" y="-66" width="10" height="20" fill="${wall}"/><rect x="-30" y="-24" width="14" height="14" fill="${lit ? '#ffcf70' : '#2a2a30'}"/><rect x="10" y="-24" width="14" height="14" fill="${lit ? '#ffcf70' : '#2a2a30'}"/></g>`,
        );
      } else if (composition === 'tracks') {
        let d = '';
        const tracks = Math.round(between(r, 2, 4));
        for (let t = 0; t < tracks; t++) {
          const sx = W * between(r, 0.15, 0.85);
          let sy = heightAt(near, sx) + H * 0.03;
          const turn = W * between(r, 0.02, 0.035);
          d += `M${n(sx)} ${n(sy)}`;
          for (let k = 0; sy < H; k++) {
            const dy = H * between(r, 0.035, 0.055) * (1 + k * 0.2);
            d += `q${n(turn * (k % 2 ? -1 : 1))} ${n(dy / 2)} 0 ${n(dy)}`;
            sy += dy;
          }
        }
        body.push(`<path d="${d}" fill="none" stroke="${mix(snowColour, '#50678a', 0.45)}" stroke-width="${f1(5 * u + 1)}" stroke-linecap="round"/>`);
      }
    }
  }

  // A soft vignette, as through a lens.
  defs.push(
    '<radialGradient id="v" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient>',
  );
  body.push(`<rect width="${W}" height="${H}" fill="url(#v)"/>`);
  if (options.label) {
    const size = Math.round(Math.max(12, W * 0.018));
    body.push(
      `<text x="${size * 1.5}" y="${H - size * 1.5}" font-family="sans-serif" font-size="${size}" fill="#fff" fill-opacity=".85" aria-hidden="true">${escapeXml(options.label)}</text>`,
    );
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>`
  );
}

function glacierTongue(r: Rng, W: number, H: number, mid: readonly Pt[], dark: number, body: string[], defs: string[]): void {
  // The ice pours out of the lowest col of the middle range and curves towards the viewer.
  let col = { x: W / 2, y: 0 };
  for (let x = W * 0.3; x <= W * 0.7; x += W * 0.02) {
    const y = heightAt(mid, x);
    if (y > col.y) col = { x, y };
  }
  const x0 = col.x;
  const y0 = col.y + H * 0.01;
  const x1 = x0 + W * between(r, 0.08, 0.2) * (x0 > W / 2 ? -1 : 1);
  const w0 = W * between(r, 0.025, 0.045);
  const wb = W * between(r, 0.14, 0.2);
  const bend = (H - y0) * 0.5;
  defs.push(
    `<linearGradient id="i" x2="0" y2="1"><stop offset="0" stop-color="${mix('#eef6fa', NIGHT_INK, dark * 0.5)}"/><stop offset="1" stop-color="${mix('#a8c9de', NIGHT_INK, dark * 0.5)}"/></linearGradient>`,
  );
  body.push(
    `<path d="M${numbers([Math.round(x0 - w0), Math.round(y0)])}C${numbers([x0 - w0, y0 + bend, x1 - wb * 0.8, H - bend * 0.6, x1 - wb, H + 2].map(Math.round))}H${n(x1 + wb)}C${numbers([x1 + wb * 0.8, H - bend * 0.6, x0 + w0, y0 + bend, x0 + w0, y0].map(Math.round))}Z" fill="url(#i)"/>`,
  );
  let cracks = '';
  for (let k = 1; k <= 7; k++) {
    const t = k / 8;
    // Points along the tongue's centre line (the mean of its two edge curves).
    const e = t * t * (3 - 2 * t);
    const cx = x0 + (x1 - x0) * e;
    const y = y0 + (H - y0) * t;
    const half = (w0 + (wb - w0) * t * t) * 0.8;
    for (const side of [-1, 1]) {
      if (chance(r, 0.3)) continue;
      const span = half * between(r, 0.2, 0.4);
      const start = cx + side * half * between(r, 0.15, 0.5) - span;
      cracks += `M${n(start)} ${n(y + (r() - 0.5) * H * 0.02)}q${n(span)} ${n(H * 0.008 * (1 + t * 2))} ${n(span * 2)} 0`;
    }
  }
  body.push(`<path d="${cracks}" fill="none" stroke="#7c9fbb" stroke-opacity=".6" stroke-width="${f1((W / 1600) * 2.5 + 0.5)}" stroke-linecap="round"/>`);
}

function cliff(r: Rng, W: number, H: number, colour: string, body: string[], lightFromLeft: boolean): void {
  const left = chance(r, 0.5);
  const top = H * between(r, 0.16, 0.3);
  const edge = W * between(r, 0.24, 0.36);
  const pts: Pt[] = [
    { x: -10, y: top + H * 0.06 },
    { x: edge * 0.3, y: top + H * between(r, -0.02, 0.03) },
    { x: edge * 0.62, y: top },
    { x: edge * 0.86, y: top + H * 0.03 },
    { x: edge, y: top + H * 0.1 },
    { x: edge * 1.04, y: H * 0.42 },
    { x: edge * 0.98, y: H * 0.6 },
    { x: edge * 1.1, y: H * 0.78 },
    { x: edge * 1.2, y: H + 2 },
    { x: -10, y: H + 2 },
  ];
  const flip = (p: Pt) => (left ? p : { x: W - p.x, y: p.y });
  const wall = pts.map(flip);
  body.push(`<path d="${poly(wall)}Z" fill="${colour}"/>`);
  // The steep face: shaded unless the light comes from its side.
  const faceLit = left !== lightFromLeft;
  const face = [pts[3], pts[4], pts[5], pts[6], pts[7], pts[8], { x: edge * 0.7, y: H + 2 }, { x: edge * 0.78, y: H * 0.4 }]
    .filter((p): p is Pt => p !== undefined)
    .map(flip);
  body.push(`<path d="${poly(face)}Z" fill="${faceLit ? '#fff' : NIGHT_INK}" fill-opacity="${faceLit ? '.08' : '.28'}"/>`);
  let cracks = '';
  for (let k = 0; k < 7; k++) {
    const x = edge * between(r, 0.15, 0.95);
    const y = top + H * between(r, 0.08, 0.45);
    const p = flip({ x, y });
    cracks += `M${n(p.x)} ${n(p.y)}l${n((r() - 0.5) * W * 0.015)} ${n(H * between(r, 0.08, 0.25))}`;
  }
  body.push(`<path d="${cracks}" stroke="${NIGHT_INK}" stroke-opacity=".3" stroke-width="${f1((W / 1600) * 3 + 0.5)}" fill="none"/>`);
}

function dunes(r: Rng, W: number, H: number, colour: string, body: string[]): void {
  for (let layer = 0; layer < 2; layer++) {
    const y = H * (layer ? between(r, 0.9, 0.95) : between(r, 0.8, 0.86));
    const crest = H * between(r, 0.05, 0.09);
    const seg = W / 3;
    let d = `M-10 ${n(y)}Q${n(seg * 0.5)} ${n(y - crest)} ${n(seg)} ${n(y - crest * 0.2)}`;
    for (let k = 2; k <= 4; k++) d += `T${n(seg * k + (r() - 0.5) * seg * 0.2)} ${n(y - crest * between(r, 0, 0.6))}`;
    d += `V${n(H + 2)}H-10Z`;
    body.push(`<path d="${d}" fill="${layer ? colour : mix(colour, NIGHT_INK, 0.18)}"/>`);
  }
}

const JACKETS = ['#cf4f3b', '#df8a2f', '#2f6aa6', '#2a8577', '#b9385a', '#ddb13b', '#4a5a8c', '#3d7a4a'] as const;
const SKIN = ['#f1c9a8', '#e2ae88', '#c68b63', '#a66d49', '#7a4b30', '#f4d5bd'] as const;
const HAIR = ['#2b211d', '#4a3426', '#7b5236', '#c7a063', '#8d4a2b', '#9a9a9a'] as const;

/** A stylised head-and-shoulders figure for avatars and portraits, centred for circular crops. */
function person(r: Rng, portrait: boolean): string {
  const jacket = pick(r, JACKETS);
  const jacketDark = mix(jacket, '#000000', 0.25);
  const skin = pick(r, SKIN);
  const hair = pick(r, HAIR);
  const headwear = pick(r, ['helmet', 'beanie', 'hair', 'long', 'helmet', 'beanie'] as const);
  const glasses = headwear === 'helmet' && chance(r, 0.5);
  const hat = pick(r, ['#f2f2ee', '#d8413a', '#e8b83c', '#e07a35', '#2f6aa6', '#3b7d5a', '#6b4f8a']);
  const parts: string[] = [];
  const dy = portrait ? 14 : 0;
  parts.push(`<g transform="translate(0 ${dy})">`);
  if (headwear === 'long') parts.push(`<path d="M144 214C136 150 264 150 256 214L264 300H136Z" fill="${hair}"/>`);
  // Shoulders, straps, collar, neck, head.
  parts.push(
    `<path d="M196 286h8v24h-8z" fill="${mix(skin, '#000000', 0.18)}"/><rect x="178" y="262" width="44" height="44" rx="8" fill="${mix(skin, '#000000', 0.18)}"/>`,
    `<path d="M36 402C44 330 104 302 160 294L200 314 240 294C296 302 356 330 364 402Z" fill="${jacket}"/>`,
    `<path d="M200 316V402M118 318q12 44 8 84M282 318q-12 44-8 84" stroke="${jacketDark}" stroke-width="6" stroke-linecap="round" fill="none"/>`,
    `<path d="M160 294 200 322 240 294 236 278 200 300 164 278Z" fill="${jacketDark}"/>`,
    `<ellipse cx="200" cy="218" rx="52" ry="62" fill="${skin}"/>`,
  );
  if (glasses) parts.push('<rect x="154" y="204" width="92" height="26" rx="12" fill="#1d2733"/><path d="M166 212h22" stroke="#9fc2dc" stroke-width="4" stroke-linecap="round"/>');
  else
    parts.push(
      `<circle cx="182" cy="220" r="4.5" fill="#2b2220"/><circle cx="218" cy="220" r="4.5" fill="#2b2220"/><path d="M186 248q14 10 28 0" stroke="${mix(skin, '#5a2a1e', 0.55)}" stroke-width="3.5" stroke-linecap="round" fill="none"/>`,
    );
  if (headwear === 'helmet')
    parts.push(
      `<path d="M144 200C138 128 262 128 256 200Z" fill="${hat}"/><path d="M140 200h120" stroke="${mix(hat, '#000000', 0.3)}" stroke-width="8" stroke-linecap="round"/><path d="M176 150 174 176M200 144V172M224 150l2 26" stroke="${mix(hat, '#000000', 0.2)}" stroke-width="5" stroke-linecap="round"/><path d="M148 206q10 60 52 76q42-16 52-76" stroke="#2b2f3a" stroke-width="3" fill="none"/>`,
    );
  else if (headwear === 'beanie')
    parts.push(
      `<path d="M148 196C146 128 254 128 252 196Z" fill="${hat}"/><rect x="142" y="180" width="116" height="28" rx="12" fill="${mix(hat, '#000000', 0.2)}"/><circle cx="200" cy="134" r="15" fill="${mix(hat, '#ffffff', 0.35)}"/>`,
    );
  else
    parts.push(
      `<path d="M146 214C138 150 176 146 200 148C244 148 266 170 254 218C248 188 226 176 200 180C176 180 154 190 146 214Z" fill="${hair}"/>`,
    );
  parts.push('</g>');
  return parts.join('');
}
