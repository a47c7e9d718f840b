/**
 * Screen atlas: the real screen of every reachable state of the onboarding, email-verification,
 * join-practice, landing and switch-practice machines (and the rest of scripts/atlas/names.ts), at
 * mobile (375 px) and desktop (1280 px) widths, in en-AU and en-GB, beside each machine's state chart.
 *
 *   npm run atlas                                   → build/atlas/index.html
 *   npm run atlas -- --only onboarding,landing      → just those machines
 *   npm run atlas -- --out /tmp/atlas --widths 375 --locales en-GB
 *   npm run atlas -- --checks-only                  → every check, no photographs or HTML atlas
 *
 * How: the dev-only harness (scripts/atlas/harness.html, built with scripts/viewer/vite.config.ts
 * once per state of the repository, scripts/atlas/harness-build.ts, and served by `vite preview`) mounts the real view of a machine whose real
 * actor (fake actors, simulated clock) replayed a generated path (tests/support/paths.ts, the
 * registry specs) up to the state; Chromium (playwright-core, /usr/bin/chromium) photographs it.
 *
 * Visual check: a state whose screen throws, whose replay diverges from the generated path, that
 * logs a console error (or an uncaught page error), or that is wider than the viewport at 375 px
 * (document.documentElement.scrollWidth > 375) is reported with its machine, state and path, and
 * the script exits 1.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { preview } from 'vite';
import { chromiumArgs } from '../playwright.config';
import { harnessBuild } from './atlas/harness-build';
import type { AtlasState, ShowResult } from './atlas/harness-core';
import { defaultAtlasEntries } from './atlas/names';
import { discoverMachines } from './diagrams';
import { validateRendered } from './html-check';

const ROOT = join(import.meta.dirname, '..');
const CONFIG = join(ROOT, 'scripts', 'viewer', 'vite.config.ts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface AtlasOptions {
  machines: string[];
  outDir: string;
  widths: number[];
  locales: string[];
  /**
   * The photographs, the HTML atlas and the viewer's manifest of them (default). Without them
   * (`--checks-only`) every check still runs on every state: what `npm test` needs
   * (scripts/atlas-check.test.ts), in less time (decision 140's amendment).
   */
  photographs?: boolean;
  /** Told after each machine of each locale (the command prints it: a long run shows progress). */
  progress?: (line: string) => void;
}

export interface AtlasProblem {
  machine: string;
  state: string;
  locale: string;
  width: number;
  path: string;
  reason: string;
}

interface Shot {
  locale: string;
  width: number;
  file: string;
  problems: string[];
}

interface StateShots {
  state: AtlasState;
  shots: Shot[];
}

function parseArgs(argv: string[]): AtlasOptions {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const list = (v: string | undefined) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
  return {
    machines: list(get('only')) ?? defaultAtlasEntries,
    outDir: resolve(get('out') ?? join(ROOT, 'build', 'atlas')),
    widths: (list(get('widths')) ?? ['375', '1280']).map(Number),
    locales: list(get('locales')) ?? ['en-AU', 'en-GB'],
    photographs: !argv.includes('--checks-only'),
  };
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const firstLine = (s: string) => (s.split('\n')[0] ?? '').slice(0, 300);
const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_|_$/g, '') || 'state';

/** The narrowest width every screen must fit without horizontal scrolling (WCAG 1.4.10). */
const REFLOW_WIDTH = 320;

/**
 * axe-core's rule sets: WCAG 2.0 and 2.1, levels A and AA, and Deque's best practices; plus
 * `target-size` (WCAG 2.2's 2.5.8, with its spacing and inline exceptions), reported as layout.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function openHarness(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('body[data-atlas-loaded]', { state: 'attached', timeout: 30000 });
  await page.addScriptTag({ content: AXE_SOURCE });
}

const scrollWidthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** `overflows at … (scrollWidth N): <p> "…"`, naming the innermost elements that stick out. */
async function overflowReport(page: Page, what: string, scrollWidth: number): Promise<string> {
  const culprits = await page.evaluate(() => window.atlas.overflowing());
  return `overflows at ${what} (scrollWidth ${scrollWidth})${culprits.length ? `: ${culprits.join(', ')}` : ''}`;
}

async function layoutFindings(page: Page): Promise<string[]> {
  const findings = await page.evaluate(() => window.atlas.layout());
  return findings.map((f) => `layout (${f.kind}): ${f.message}`);
}

/**
 * The checks of one screen at one width (decision 070): axe-core (0 violations), the layout check
 * (scripts/atlas/layout.ts), and no horizontal scrolling at 200 % text size.
 */
async function checkScreen(page: Page, width: number): Promise<string[]> {
  const found: string[] = [];
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const result = await axe.run(document, {
      runOnly: {
        type: 'rule',
        values: axe
          .getRules(tags)
          .filter((r) => !r.tags.some((t) => t === 'experimental' || t === 'deprecated'))
          .map((r) => r.ruleId)
          .concat('target-size'),
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  }, AXE_TAGS);
  for (const v of violations) {
    found.push(
      v.id === 'target-size'
        ? `layout (target): smaller than 24 × 24 px without enough space around it (axe target-size): ${v.targets.join(', ')}`
        : `axe ${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`,
    );
  }
  found.push(...(await layoutFindings(page)));
  // HTML conformance of the rendered state (issue 26, decision 120): the rules of the served pages.
  const markup = await page.evaluate(() => document.body.outerHTML);
  found.push(...(await validateRendered(markup, 'html')));
  await page.evaluate(() => window.atlas.textSize(200));
  const big = await scrollWidthOf(page);
  if (big > width) found.push(await overflowReport(page, `200 % text size at ${width} px`, big));
  await page.evaluate(() => window.atlas.textSize(100));
  return found;
}

export async function runAtlas(
  options: AtlasOptions,
): Promise<{ problems: AtlasProblem[]; shots: number; index: string }> {
  const { outDir } = options;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'shots'), { recursive: true });
  // Built once per state of the repository and shared between runs (scripts/atlas/harness-build.ts).
  const harnessDir = await harnessBuild(ROOT, CONFIG, join(outDir, 'harness'));
  const server = await preview({
    configFile: CONFIG,
    logLevel: 'error',
    build: { outDir: harnessDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}/atlas`;
  const harnessOf = (machine: string) =>
    machine.startsWith('atlas-fixture') ? `${origin}/fixtures/harness.html` : `${origin}/harness.html`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs, headless: true });
  const problems: AtlasProblem[] = [];
  const results = new Map<string, StateShots[]>();
  let shotCount = 0;
  const photographs = options.photographs !== false;
  try {
    for (const locale of options.locales) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
      const page = await context.newPage();
      let sink: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') sink.push(`console error: ${firstLine(msg.text())}`);
      });
      page.on('pageerror', (error) => sink.push(`page error: ${firstLine(error.message)}`));
      let loaded = '';
      for (const [machineIndex, machine] of options.machines.entries()) {
        if (loaded !== harnessOf(machine)) {
          loaded = harnessOf(machine);
          sink = [];
          await openHarness(page, `${loaded}?locale=${locale}`);
          // Errors while the harness itself loads belong to no state: reported under '(harness)'.
          for (const reason of sink) {
            problems.push({ machine: '(harness)', state: '(load)', locale, width: 1280, path: '', reason });
          }
        }
        const states = await page.evaluate((name) => window.atlas.list(name), machine);
        const entries = results.get(machine) ?? states.map((state) => ({ state, shots: [] as Shot[] }));
        results.set(machine, entries);
        for (const entry of entries) {
          const { state } = entry;
          const report = (width: number, reason: string) =>
            problems.push({ machine, state: state.key, locale, width, path: state.path, reason });
          for (const width of options.widths) {
            sink = [];
            await page.setViewportSize({ width, height: 900 });
            const shown: ShowResult = await page.evaluate(
              ([name, p, s]) => window.atlas.show(name as string, p as number, s as number),
              [machine, state.pathIndex, state.step] as const,
            );
            const found: string[] = [];
            if (shown.error) found.push(shown.error);
            found.push(...sink);
            const scrollWidth = await scrollWidthOf(page);
            if (width <= 375 && scrollWidth > width)
              found.push(await overflowReport(page, `${width} px`, scrollWidth));
            const file = join('shots', fileSafe(machine), `${fileSafe(state.key)}.${locale}.${width}.png`);
            if (photographs) {
              mkdirSync(join(outDir, 'shots', fileSafe(machine)), { recursive: true });
              await page.screenshot({ path: join(outDir, file), fullPage: true });
            }
            shotCount++;
            if (!shown.error) found.push(...(await checkScreen(page, width)));
            entry.shots.push({ locale, width, file, problems: found });
            for (const reason of found) report(width, reason);
            if (shown.empty && found.length === 0) {
              entry.shots[entry.shots.length - 1]?.problems.push('(renders nothing visible)');
            }
          }
          // Reflow (WCAG 1.4.10): the screen last shown, narrowed to 320 px.
          await page.setViewportSize({ width: REFLOW_WIDTH, height: 900 });
          await page.evaluate(() => window.atlas.textSize(100));
          const narrow = await scrollWidthOf(page);
          const atReflow: string[] = [];
          if (narrow > REFLOW_WIDTH) atReflow.push(await overflowReport(page, `${REFLOW_WIDTH} px`, narrow));
          atReflow.push(...(await layoutFindings(page)));
          for (const reason of atReflow) report(REFLOW_WIDTH, reason);
          entry.shots[entry.shots.length - 1]?.problems.push(
            ...atReflow.map((r) => `${REFLOW_WIDTH} px: ${r}`),
          );
        }
        options.progress?.(
          `atlas: ${locale} ${machineIndex + 1}/${options.machines.length} ${machine}: ${entries.length} state(s), ${shotCount} ${photographs ? 'screenshots' : 'screens checked'} so far, ${problems.length} problem(s)`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await new Promise<void>((done) => server.httpServer.close(() => done()));
  }
  const index = join(outDir, 'index.html');
  if (photographs) {
    writeFileSync(index, await renderHtml(options, results, problems));
    // The photographs by state, for the state-chart viewer's links to them (decision 130).
    writeFileSync(join(outDir, 'shots.json'), JSON.stringify(shotsManifest(results), null, 1));
  }
  return { problems, shots: shotCount, index };
}

/** The card of a state in index.html (its anchor), shared with the viewer's links. */
const cardId = (machine: string, key: string) => `${fileSafe(machine)}--${fileSafe(key)}`;

/** The viewer's address of a state: the generated journey and step that reach it (decision 130). */
const viewerHref = (machine: string, state: AtlasState) =>
  `../viewer/?machine=${encodeURIComponent(machine)}&journey=${state.pathIndex}&step=${state.step}`;

export interface ShotsManifest {
  machines: Record<
    string,
    Array<{
      key: string;
      value: unknown;
      anchor: string;
      shots: Array<{ locale: string; width: number; file: string }>;
    }>
  >;
}

function shotsManifest(results: Map<string, StateShots[]>): ShotsManifest {
  const machines: ShotsManifest['machines'] = {};
  for (const [machine, entries] of results) {
    machines[machine] = entries.map(({ state, shots }) => ({
      key: state.key,
      value: state.value,
      anchor: cardId(machine, state.key),
      shots: shots.map(({ locale, width, file }) => ({ locale, width, file: file.split('\\').join('/') })),
    }));
  }
  return { machines };
}

async function renderHtml(
  options: AtlasOptions,
  results: Map<string, StateShots[]>,
  problems: AtlasProblem[],
): Promise<string> {
  const found = await discoverMachines();
  const { registry } = await import('../tests/model/registry');
  const sections: string[] = [];
  for (const machine of options.machines) {
    const id =
      registry.find((e) => e.name === machine)?.spec.machine.id ??
      (machine.startsWith('atlas-fixture') ? 'atlasFixture' : undefined);
    const chartName = found.find((m) => m.machine.id === id)?.name;
    const svgFile = chartName ? join(ROOT, 'docs', 'statecharts', `${chartName}.svg`) : null;
    const svg =
      svgFile && existsSync(svgFile)
        ? readFileSync(svgFile, 'utf8').replace(/<\?xml[^>]*>/, '')
        : '<p>(no chart)</p>';
    const cards = (results.get(machine) ?? []).map(({ state, shots }) => {
      const figures = shots
        .map(
          (shot) =>
            `<figure class="${shot.problems.some((p) => !p.startsWith('(')) ? 'bad' : ''}"><a href="${esc(shot.file)}"><img loading="lazy" src="${esc(shot.file)}" alt="${esc(`${machine} ${state.key} ${shot.locale} ${shot.width}px`)}" style="width:${shot.width <= 375 ? 188 : 400}px"></a>` +
            `<figcaption>${esc(shot.locale)} · ${shot.width} px${shot.problems.map((p) => `<br><span class="problem">${esc(p)}</span>`).join('')}</figcaption></figure>`,
        )
        .join('');
      return (
        `<article class="atlas-state" id="${esc(cardId(machine, state.key))}" data-active="${esc(state.active.join(' '))}" tabindex="0">` +
        `<h3>${esc(machine)} · <code>${esc(state.key)}</code>${state.tags.length ? ` <small>tags: ${esc(state.tags.join(', '))}</small>` : ''}` +
        `${registry.some((e) => e.name === machine) ? ` <a class="to-viewer" href="${esc(viewerHref(machine, state))}">open in the viewer</a>` : ''}</h3>` +
        `<p class="path">Journey: ${esc(state.journey)}<br>Path #${state.pathIndex}, step ${state.step}: <code>${esc(state.path)}</code></p>` +
        `<div class="shots">${figures}</div></article>`
      );
    });
    sections.push(
      `<section class="machine" id="${esc(machine)}"><h2>${esc(machine)} <small>(${esc(id ?? '')}, ${cards.length} states)</small></h2>` +
        `<div class="layout"><div class="chart">${svg}</div><div class="cards">${cards.join('')}</div></div></section>`,
    );
  }
  const summary = problems.length
    ? `<div class="summary bad"><strong>${problems.length} problem(s)</strong><ul>${problems
        .map(
          (p) =>
            `<li>${esc(p.machine)} · ${esc(p.state)} · ${esc(p.locale)} ${p.width}px — ${esc(p.reason)}</li>`,
        )
        .join('')}</ul></div>`
    : '<div class="summary">No problems: every screen rendered without console errors, with 0 axe-core violations and 0 layout findings; it fits 320 px and 200 % text.</div>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Screen atlas</title>
<style>
body{font-family:system-ui,sans-serif;margin:16px;color:#1a1b1e}
nav a{margin-right:12px}
.layout{display:flex;gap:16px;align-items:flex-start}
.chart{position:sticky;top:8px;max-width:45vw;max-height:95vh;overflow:auto;border:1px solid #dee2e6;flex:none}
.chart svg{display:block}
.cards{flex:1;min-width:0}
.atlas-state{border:1px solid #dee2e6;border-radius:8px;padding:8px 12px;margin-bottom:12px}
.atlas-state:hover,.atlas-state:focus{border-color:#2b8a3e}
.atlas-state h3{margin:4px 0;font-size:15px}
.path{font-size:12px;color:#495057;margin:4px 0}
.shots{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
figure{margin:0;border:1px solid #e9ecef;padding:4px}
figure.bad{border:2px solid #e03131}
figure img{display:block;border:1px solid #f1f3f5}
figcaption{font-size:11px;color:#495057}
.problem{color:#e03131}
.summary{padding:8px 12px;margin:8px 0;background:#ebfbee;border-radius:6px}
.summary.bad{background:#fff5f5}
.hl > rect{fill:#d3f9d8 !important;stroke:#2b8a3e !important;stroke-width:3 !important}
</style></head><body>
<h1>Screen atlas</h1>
<p>Generated by <code>npm run atlas</code> from the machines' generated paths (tests/model/registry.ts) and the real views. Widths: ${options.widths.join(', ')} px; locales: ${options.locales.join(', ')}. Hover a state to highlight it in the chart.</p>
<p>Open a state in the state-chart viewer (<code>npm run viewer</code>, which also serves this page at <code>/atlas-photos/</code>) with its <em>open in the viewer</em> link, or <a class="to-viewer" href="../viewer/">open the viewer</a>.</p>
<nav>${options.machines.map((m) => `<a href="#${esc(m)}">${esc(m)}</a>`).join('')}</nav>
${summary}
${sections.join('\n')}
<script>
// Opened from disk (file://): the viewer links go to the viewer's default address instead.
if (location.protocol === 'file:') {
  for (const a of document.querySelectorAll('a.to-viewer')) {
    a.href = 'http://localhost:5180/viewer/' + (a.getAttribute('href').split('?')[1] ? '?' + a.getAttribute('href').split('?')[1] : '');
  }
}
for (const card of document.querySelectorAll('.atlas-state')) {
  const highlight = () => {
    const section = card.closest('.machine');
    for (const g of section.querySelectorAll('.chart .hl')) g.classList.remove('hl');
    for (const p of card.dataset.active.split(' ').filter(Boolean)) {
      const g = section.querySelector('.chart [data-state="' + CSS.escape(p) + '"]');
      if (g) g.classList.add('hl');
    }
  };
  card.addEventListener('mouseenter', highlight);
  card.addEventListener('focus', highlight);
}
</script>
</body></html>
`;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  // The harness's own fixtures (scripts/atlas/fixtures/, used by scripts/atlas.test.ts) are entries too.
  const unknown = options.machines.filter(
    (name) => !defaultAtlasEntries.includes(name) && !name.startsWith('atlas-fixture'),
  );
  if (unknown.length > 0) {
    console.error(
      `atlas: unknown --only ${unknown.join(', ')}; the atlas entries are: ${defaultAtlasEntries.join(', ')}`,
    );
    process.exit(2);
  }
  const started = Date.now();
  console.log(
    `atlas: ${options.machines.length} entr${options.machines.length === 1 ? 'y' : 'ies'} × ${options.locales.length} locale(s) × ${options.widths.length} width(s); building the harness…`,
  );
  const { problems, shots, index } = await runAtlas({ ...options, progress: (line) => console.log(line) });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    options.photographs === false
      ? `atlas: ${shots} screens of ${options.machines.join(', ')} checked in ${seconds} s (no photographs)`
      : `atlas: ${shots} screenshots of ${options.machines.join(', ')} in ${seconds} s → ${relative(process.cwd(), index)}`,
  );
  if (problems.length > 0) {
    console.error(`atlas: ${problems.length} problem(s):`);
    for (const p of problems) {
      console.error(
        `  ✗ ${p.machine} state ${p.state} [${p.locale}, ${p.width} px]: ${p.reason}\n      path: ${p.path}`,
      );
    }
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
