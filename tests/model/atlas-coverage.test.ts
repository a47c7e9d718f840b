import { describe, expect, it } from 'vitest';
import { defaultAtlasMachines, withoutAtlasScreen } from '../../scripts/atlas/names';
import { registry } from './registry';

/**
 * Every registered machine is photographed by the screen atlas (scripts/atlas/names.ts, with its
 * real view in scripts/atlas/targets.tsx) or listed as having no screen of its own, with a reason.
 * The reduced atlas of `npm test` (scripts/atlas-check.test.ts) checks every photographed one.
 */
describe('the screen atlas covers every machine with a screen', () => {
  const names = registry.map((e) => e.name);

  it.each(names)('%s is in the atlas or has a stated reason not to be', (name) => {
    const inAtlas = defaultAtlasMachines.includes(name);
    const exempt = name in withoutAtlasScreen;
    expect(inAtlas || exempt, `${name}: add it to scripts/atlas (names.ts and targets.tsx)`).toBe(true);
    expect(inAtlas && exempt, `${name} is both photographed and exempt`).toBe(false);
  });

  it('names only registered machines', () => {
    for (const name of [...defaultAtlasMachines, ...Object.keys(withoutAtlasScreen)])
      expect(names).toContain(name);
  });
});
