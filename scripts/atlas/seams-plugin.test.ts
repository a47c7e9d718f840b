import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { atlasSeams } from './seams-plugin';

const root = join(import.meta.dirname, '..', '..');
type Hook = (this: unknown, ...args: unknown[]) => unknown;
const call = (plugin: Plugin, hook: 'resolveId' | 'load', ...args: unknown[]) =>
  (plugin[hook] as Hook).call({}, ...args);

describe('the atlas seams', () => {
  it('name a timed machine by a module id the dev server can put in a URL (no #, which would end it)', () => {
    const plugin = atlasSeams(root);
    const importer = join(root, 'src', 'ui', 'busy-indicator.tsx');
    const id = call(plugin, 'resolveId', '#machines/busy-indicator.machine', importer) as string;
    expect(id.startsWith('\0')).toBe(true);
    expect(id).not.toContain('#');
    expect(encodeURI(id.slice(1))).toBe(id.slice(1));
    const code = call(plugin, 'load', id) as string;
    expect(code).toContain(JSON.stringify(join(root, 'machines', 'busy-indicator.machine.ts')));
    expect(code).toContain('export const busyIndicatorMachine = real.provide({ delays: { popInDelay } });');
  });

  it('leaves the machines alone outside src/ and the other modules alone', () => {
    const plugin = atlasSeams(root);
    expect(call(plugin, 'resolveId', '#machines/loading.machine', join(root, 'scripts', 'x.ts'))).toBeNull();
    expect(call(plugin, 'resolveId', '#machines/onboarding.machine', join(root, 'src', 'x.ts'))).toBeNull();
  });
});
