import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The project's own ESLint config (what `npm run lint` runs) on fixture sources placed at a path in
 * the tree: an import that points up a layer, or into another feature's internals, is an error.
 */
const root = path.resolve(import.meta.dirname, '../..');
// import/no-cycle walks files on disk, which a fixture is not; this test is about the paths only.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'import/no-restricted-paths').map((message) => message.message);
}

describe('import boundaries (eslint.config.mjs)', { timeout: 120_000 }, () => {
  it.each([
    ['lib/money/fixture.ts', "export { Button } from '@/components/ui/button';\n", /lib\/ is the bottom layer/],
    ['lib/money/fixture.ts', "export { Button } from '../../components/ui/button';\n", /lib\/ is the bottom layer/],
    ['lib/server/fixture.ts', "export { askGuide } from '@/app/[locale]/trip/[slug]/actions';\n", /lib\/ is the bottom layer/],
    ['components/guide/fixture.ts', "export { askGuide } from '@/app/[locale]/trip/[slug]/actions';\n", /never import app\//],
    ['components/home/fixture.ts', "export { TripPageView } from '@/components/trip/trip-page-view';\n", /Another feature's internals/],
    ['components/ui/fixture.ts', "export { StarRating } from '@/components/trip/star-rating';\n", /shared components folder never imports a feature/],
  ])('%s: %s is refused', async (file, source, message) => {
    const errors = await boundaryErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['lib/money/fixture.ts', "export { formatMoney } from '@/lib/money/format';\n"],
    ['components/home/fixture.ts', "export { Button } from '@/components/ui/button';\nexport { formatMoney } from '@/lib/money/format';\n"],
    ['components/home/fixture.ts', "export { StarRating } from '@/components/trip/star-rating';\n"],
    ['components/trip/fixture.ts', "export { TripPageView } from '@/components/trip/trip-page-view';\n"],
    ['app/[locale]/fixture.ts', "export { GuidePage } from '@/components/guide/guide-page';\n"],
  ])('%s: %s is allowed', async (file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
