import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is a map: every relative link of README.md and of the decision records, and every
 * repository path the README names in backticks, must exist. A failure lists each missing one as
 * `file:line  path`.
 */
const root = path.resolve(import.meta.dirname, '../..');
const decisionsDir = path.join(root, 'docs', 'decisions');
const documents = ['README.md', ...readdirSync(decisionsDir).filter((name) => name.endsWith('.md')).map((name) => `docs/decisions/${name}`)];

/** Folders never walked for a bare file name: installed, built or generated. */
const IGNORED = new Set(['node_modules', '.next', '.data', '.git', 'coverage', 'test-results', 'playwright-report', 'bench-results']);

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (IGNORED.has(entry.name)) return [];
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(relative) : [relative];
  });
}
const repositoryFiles = filesUnder('');
const topLevel = new Set(readdirSync(root).filter((name) => !IGNORED.has(name)));

type Named = { where: string; target: string };

/** `[text](target)` links of a Markdown file, without web, mail and same-page links. */
function relativeLinks(file: string): Named[] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  return lines.flatMap((line, index) =>
    [...line.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
      .map((target) => ({ where: `${file}:${index + 1}`, target: decodeURI(target.replace(/[#?].*$/, '')) })),
  );
}

/** Where a path with a wildcard or an elision (`lib/db/queries/*`, `app/[locale]/…`, `{page}`) stops being literal. */
const literalPart = (name: string) => name.split(/[*…{<]/)[0]!;

/** A literal path, or the start of one: a file or folder exists at it, or one whose name begins with its last part. */
function existsInRepository(relativePath: string): boolean {
  const literal = literalPart(relativePath);
  if (literal !== relativePath && !literal.endsWith('/')) {
    const dir = path.posix.dirname(literal);
    return existsSync(path.join(root, dir)) && readdirSync(path.join(root, dir)).some((name) => name.startsWith(path.posix.basename(literal)));
  }
  return existsSync(path.join(root, literal));
}

/**
 * Backticked repository paths of the README: a path under one of the repository's top-level entries
 * (`lib/payments/stripe.ts`, `docs/decisions/`), or a bare file name (`tokens.css`), which is looked
 * for in the folder its table row is about (`| \`i18n/\` | … \`routing.ts\` |`), else anywhere.
 */
function readmePaths(): Named[] {
  const lines = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n');
  let inCodeBlock = false;
  return lines.flatMap((line, index): Named[] => {
    if (line.startsWith('```')) inCodeBlock = !inCodeBlock;
    if (inCodeBlock) return [];
    const rowFolder = line.match(/^\| `([\w.-]+\/)` \|/)?.[1];
    // A backticked link text (`[\`docs/decisions/0090\`](…)`) is a label: its link is checked above.
    const text = line.replace(/\[`[^`]*`\]\([^)]*\)/g, '');
    return [...text.matchAll(/`([^`\s]+)`/g)].flatMap((match) => {
      const name = match[1]!;
      const where = `README.md:${index + 1}`;
      if (name.includes('/')) return topLevel.has(name.split('/')[0]!) ? [{ where, target: name }] : [];
      if (!/^[\w.-]+\.(ts|tsx|mts|mjs|js|json|css|md|sql|yml|yaml|sh|example)$/.test(name)) return [];
      if (rowFolder) return [{ where, target: `${rowFolder}${name}` }];
      const found = repositoryFiles.find((file) => file === name || file.endsWith(`/${name}`));
      return [{ where, target: found ?? name }];
    });
  });
}

const missing = (named: Named[], resolve: (one: Named) => string | null) =>
  named.flatMap((one) => {
    const target = resolve(one);
    return target === null || existsInRepository(target) ? [] : [`${one.where}  ${one.target}`];
  });

describe('README.md and docs/decisions name only what exists', () => {
  it('every relative link leads to a file or folder of the repository', () => {
    const links = documents.flatMap(relativeLinks);
    expect(links.length).toBeGreaterThan(20);
    const broken = missing(links, ({ where, target }) => {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(where.split(':')[0]!), target));
      // Outside the repository (../shared/…): not this repository's to check.
      return resolved.startsWith('../') ? null : resolved.replace(/^\.\/?/, '') || '.';
    });
    expect(broken).toEqual([]);
  });

  it('every repository path the README names in backticks exists', () => {
    const paths = readmePaths();
    expect(paths.length).toBeGreaterThan(50);
    expect(missing(paths, ({ target }) => target)).toEqual([]);
  });

  it('catches a missing path, a missing bare name in its folder row, and a broken link', () => {
    expect(existsInRepository('lib/payments/no-such-file.ts')).toBe(false);
    expect(existsInRepository('lib/db/queries/*')).toBe(true);
    expect(existsInRepository('instrumentation*.ts')).toBe(true);
    expect(existsInRepository('lib/nothing-here*')).toBe(false);
    expect(missing([{ where: 'README.md:1', target: 'i18n/no-such-file.ts' }], ({ target }) => target)).toEqual(['README.md:1  i18n/no-such-file.ts']);
  });
});
