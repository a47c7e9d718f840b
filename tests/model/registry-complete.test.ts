import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverMachines } from '../../scripts/diagrams';
import { registry } from './registry';

/**
 * Every machine in machines/ has generated path tests: each `machines/*.machine.ts` export that is
 * a machine appears in tests/model/registry.ts (matched by machine id, so `.provide()`d copies
 * count), hence in the 100 % coverage test (coverage.test.ts), the state-chart viewer and the
 * screen atlas.
 */
describe('registry', () => {
  it('lists every machine of machines/*.machine.ts', async () => {
    const files = readdirSync(join(import.meta.dirname, '..', '..', 'machines')).filter((f) =>
      f.endsWith('.machine.ts'),
    );
    const found = await discoverMachines();
    // Every machine file exports at least one machine (a file without one would escape this test).
    expect(new Set(found.map((m) => m.file.replace(/^machines\//, '')))).toEqual(new Set(files));
    const registered = new Set(registry.map((entry) => entry.spec.machine.id));
    const missing = found
      .filter((m) => !registered.has(m.machine.id))
      .map((m) => `${m.file} (${m.machine.id})`);
    expect(missing).toEqual([]);
  });

  it('has unique names', () => {
    const names = registry.map((entry) => entry.name);
    expect(names.length).toBe(new Set(names).size);
  });
});
