import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's `useId` (`@mantine/hooks`, `esm/use-id/use-id.mjs`) starts from React's `useId` and,
 * in a layout effect on mount, replaces it with a random id (`setUuid(randomId())`). Every Mantine
 * control that names its label, description or error with it (41 modules of `@mantine/core`:
 * inputs, selects, checkboxes, radios, the pin boxes, the stepper…) therefore sets state in the
 * commit that mounts it, and React renders and commits all of them again, synchronously, in the same
 * task: on the practice step, most of the task that commits the screen (measure with
 * tests/bench/trace-control.ts). The pin boxes, keyed by that id, were even
 * created twice.
 *
 * The module is replaced by `src/ui/mantine-use-id.ts`: Mantine's first id, kept (decision 150).
 * Server rendering is unchanged: effects never ran there, so the prerendered pages had that id.
 *
 * The build fails when the module is not where it was or no longer sets a random id after mount: an
 * upgrade of Mantine must be looked at, not patched blindly. The development server's prebundled
 * Mantine gets the same module (`optimizeDeps` in vite.config.ts); unit tests run Mantine as
 * published (tests/e2e/first-paint.spec.ts checks the build's ids).
 */
const target = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const hooksEntry = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/;
/** What the original does after mount; the module is replaced only where this is found. */
const randomAfterMount = /useIsomorphicEffect\([\s\S]*setUuid\(randomId\(\)\)/;
export const replacement = join(import.meta.dirname, '../src/ui/mantine-use-id.ts');
/** A module id without its query (`?v=…`). */
const fileOf = (id: string): string => id.split('?')[0] ?? id;

/** The code of Mantine's `use-id.mjs` in the app, or null for any other module. */
export function patchMantineUseId(id: string, original: string): string | null {
  if (!target.test(fileOf(id))) return null;
  if (!randomAfterMount.test(original))
    throw new Error(
      `mantine-use-id: ${id} no longer sets a random id after mount; check scripts/vite-mantine-use-id.ts against this Mantine`,
    );
  return `export { useId } from ${JSON.stringify(replacement)};\n`;
}

/** The same, reading the module (for Vite's and Rolldown's `load` hooks). */
export async function loadMantineUseId(id: string): Promise<string | null> {
  const file = fileOf(id);
  return target.test(file) ? patchMantineUseId(file, await readFile(file, 'utf8')) : null;
}

export function mantineUseIdPlugin(): Plugin {
  let patched = false;
  let hooksBundled = false;
  return {
    name: 'practice-onboarding:mantine-use-id',
    enforce: 'pre',
    async load(id) {
      if (hooksEntry.test(fileOf(id))) hooksBundled = true;
      const code = await loadMantineUseId(id);
      if (code) patched = true;
      return code;
    },
    buildEnd(error) {
      if (!error && hooksBundled && !patched)
        this.error(
          'mantine-use-id: @mantine/hooks was bundled without esm/use-id/use-id.mjs; check scripts/vite-mantine-use-id.ts against this Mantine',
        );
    },
  };
}
