import { describe, expect, it } from 'vitest';
import { buildCheckMachine } from '#machines/build-check.machine';
import { loadingMachine } from '#machines/loading.machine';
import { renderMachine } from './diagrams';

describe('scripts/diagrams', () => {
  it('is deterministic (byte-identical on a second run)', async () => {
    const a = await renderMachine(loadingMachine);
    const b = await renderMachine(loadingMachine);
    expect(a.svg).toBe(b.svg);
    expect(a.mmd).toBe(b.mmd);
  });

  it('labels delays with name and milliseconds, guards in brackets, invokes inside states', async () => {
    const loading = await renderMachine(loadingMachine);
    expect(loading.svg).toContain('after popInDelay (500 ms)');
    expect(loading.svg).toContain('after minimumDisplay (2000 ms)');
    expect(loading.svg).toContain('after longLoading (15000 ms)');
    expect(loading.svg).toContain('always [keepsContentVisible]');
    expect(loading.svg).toContain('spinning (parallel)');
    expect(loading.svg).toMatch(/class="state atomic final"/);
    expect(loading.svg).toMatch(/class="initial"/);
    const build = await renderMachine(buildCheckMachine);
    expect(build.svg).toContain('invoke fetchBuildInfo');
    expect(build.svg).toContain('done: fetchBuildInfo [canReloadForChunk]');
    expect(build.svg).toContain('after recheckInterval (300000 ms)');
    expect(build.mmd).toContain('s_updateAvailable --> s_reloading : build.reload');
  });

  it('produces a self-contained SVG (no external fonts, links or scripts)', async () => {
    const { svg } = await renderMachine(loadingMachine);
    expect(svg).not.toMatch(/@import|@font-face|<script|xlink:href|href="http|url\((?!#)/);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('writes Mermaid stateDiagram-v2 with nested and parallel states', async () => {
    const { mmd } = await renderMachine(loadingMachine);
    expect(mmd).toContain('stateDiagram-v2');
    expect(mmd).toContain('state s_pending {');
    expect(mmd).toMatch(/\n\s+--\n/); // parallel region separator
    expect(mmd).toContain('[*] --> s_starting');
  });
});
