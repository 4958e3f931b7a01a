import { vi } from 'vitest';

/**
 * A download the test releases (a deferred form's code, deferred-form.tsx): the modules named
 * arrive only once `release()` is called, and every test starts again with none arrived (call
 * `hold` in a `beforeEach`, after `vi.resetModules()`).
 */
export function heldDownload() {
  let release: () => void = () => undefined;
  let arrived = Promise.resolve();
  return {
    release: () => release(),
    hold: (modules: readonly string[]) => {
      arrived = new Promise<void>((resolve) => (release = resolve));
      for (const name of modules) {
        vi.doMock(name, async (importOriginal) => {
          await arrived;
          return importOriginal();
        });
      }
    },
  };
}
