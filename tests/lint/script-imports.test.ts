import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The scripts npm runs through tsx (start, seed, load and abuse tests …) load the project's modules
 * without Next's react-server condition, where `import 'server-only'` throws: no module they reach
 * may import it (seed code goes outside lib/db/queries for that reason).
 */
const root = path.resolve(import.meta.dirname, '../..');
const config = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root);
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const testRunner = readFileSync(path.join(root, 'scripts/test.mjs'), 'utf8');

/** Every script started through tsx without `--conditions=react-server`. */
const tsxScripts = [
  ...Object.values(manifest.scripts).filter((command) => !command.includes('react-server')).flatMap((command) => [...command.matchAll(/\btsx (scripts\/[\w./-]+\.ts)/g)].map((match) => match[1]!)),
  ...[...testRunner.matchAll(/'node_modules\/tsx\/dist\/cli\.mjs', '(scripts\/[\w./-]+\.ts)'/g)].map((match) => match[1]!),
];

/** The chain of project modules from `entry` to one importing 'server-only', or null. */
function serverOnlyChain(entry: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (specifier === 'server-only') return chain;
      const resolved = ts.resolveModuleName(specifier, file, config.options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.endsWith('.d.ts')) continue;
      const found = walk(resolved.resolvedFileName, [...chain, path.relative(root, resolved.resolvedFileName)]);
      if (found) return found;
    }
    return null;
  };
  return walk(path.join(root, entry), [entry]);
}

describe('modules reached by the tsx scripts', () => {
  it('finds the scripts', () => {
    expect(tsxScripts).toEqual(expect.arrayContaining(['scripts/start.ts', 'scripts/db-seed.ts', 'scripts/load-test.ts', 'scripts/abuse-test.ts']));
  });

  it.each([...new Set(tsxScripts)])('%s reaches no server-only module', (script) => {
    expect(serverOnlyChain(script)).toBeNull();
  });
});
