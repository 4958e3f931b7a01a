import { describe, expect, it } from 'vitest';
import { mountainSceneSvg, SCENE_SIZES, SCENE_THEMES, type SceneKind } from '@/lib/images/mountain-scene';

const kinds = Object.keys(SCENE_SIZES) as SceneKind[];

describe('mountainSceneSvg', () => {
  it('is deterministic: the same options give byte-identical output', () => {
    for (const kind of kinds)
      for (const theme of [undefined, ...SCENE_THEMES])
        expect(mountainSceneSvg({ seed: 'trip:alps-mont-blanc-ascent', kind, theme })).toBe(
          mountainSceneSvg({ seed: 'trip:alps-mont-blanc-ascent', kind, theme }),
        );
  });

  it('gives different scenes for different seeds', () => {
    for (const kind of kinds) {
      const scenes = new Set(Array.from({ length: 20 }, (_, i) => mountainSceneSvg({ seed: `seed-${i}`, kind, theme: 'alpine' })));
      expect(scenes.size).toBe(20);
    }
  });

  it('is a complete, safe, compact SVG document of the kind’s size', () => {
    for (const kind of kinds) {
      const { width, height } = SCENE_SIZES[kind];
      for (let i = 0; i < 50; i++) {
        const theme = i % 7 === 6 ? undefined : SCENE_THEMES[i % SCENE_THEMES.length];
        const svg = mountainSceneSvg({ seed: `check-${i}`, kind, theme });
        const context = `${kind} check-${i} ${theme ?? 'any'}`;
        expect(svg.startsWith('<svg'), context).toBe(true);
        expect(svg.endsWith('</svg>'), context).toBe(true);
        const root = /^<svg [^>]*>/.exec(svg)?.[0] ?? '';
        expect(root, context).toContain('xmlns="http://www.w3.org/2000/svg"');
        expect(root, context).toContain(`width="${width}"`);
        expect(root, context).toContain(`height="${height}"`);
        expect(root, context).toContain(`viewBox="0 0 ${width} ${height}"`);
        expect(root, context).toContain('preserveAspectRatio="xMidYMid slice"');
        expect(svg, context).not.toMatch(/<script/i);
        expect(svg, context).not.toMatch(/\bon[a-z]+=/i);
        // Only in-document references (#id), never external resources.
        for (const match of svg.matchAll(/href="([^"]*)"/g)) expect(match[1], context).toMatch(/^#[a-z]+$/);
        for (const match of svg.matchAll(/url\(([^)]*)\)/g)) expect(match[1], context).toMatch(/^#[a-z]+$/);
        expect(svg, context).not.toMatch(/NaN|undefined|Infinity/);
        expect(svg.length, context).toBeLessThan(6 * 1024);
        // Tags balance (a cheap well-formedness check).
        const opened = (svg.match(/<[a-zA-Z][^>]*[^/]>|<[a-zA-Z]+>/g) ?? []).length;
        const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length;
        expect(opened, context).toBe(closed);
      }
    }
  });

  it('escapes the optional label', () => {
    const svg = mountainSceneSvg({ seed: 'x', kind: 'cover', label: 'Ski & <climb>' });
    expect(svg).toContain('Ski &amp; &lt;climb&gt;');
    expect(svg).toContain('aria-hidden="true"');
  });
});
