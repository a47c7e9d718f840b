/**
 * scripts/vite-mantine.ts (decision 150): the build takes the app's `useId` in place of
 * Mantine's `use-id.mjs`, and refuses a Mantine whose module is not the one it replaces.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMantineUseId, patchMantineUseId, replacement } from './vite-mantine';

// The installed module (the package's exports name only its entry: found from the CommonJS one).
const installed = join(
  dirname(createRequire(import.meta.url).resolve('@mantine/hooks')),
  '../esm/use-id/use-id.mjs',
);

describe('the use-id module of the build', () => {
  it("replaces the installed Mantine's with the app's", async () => {
    expect(readFileSync(installed, 'utf8')).toContain('setUuid(randomId())');
    const code = await loadMantineUseId(installed);
    expect(code).toBe(`export { useId } from ${JSON.stringify(replacement)};\n`);
    expect(readFileSync(replacement, 'utf8')).toContain('export function useId');
  });

  it('leaves every other module alone', async () => {
    expect(await loadMantineUseId(join(dirname(installed), '../use-idle/use-idle.mjs'))).toBeNull();
    expect(patchMantineUseId('/repo/src/ui/use-id.mjs', 'setUuid(randomId())')).toBeNull();
  });

  it('stops the build when Mantine no longer sets a random id after mount', () => {
    expect(() => patchMantineUseId(installed, 'function useId$1(staticId) { return useId(); }')).toThrow(
      /no longer sets a random id after mount/,
    );
  });
});
