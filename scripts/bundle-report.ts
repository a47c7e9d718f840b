/**
 * Bundle report and budget: reads the app's build in dist/ (built first when it is missing or
 * stale) and the chunk graph that build recorded (dist-hosting/bundle-chunks.json,
 * scripts/vite-chunks.ts), and prints, per route of the app (scripts/bundle-routes.ts: the
 * routes of src/app/routes.tsx and every onboarding step of machines/onboarding-steps.ts), the gzip
 * bytes (level 9) of the JS and CSS the app needs to show its screen:
 * the entry chunk and the app it loads after the first paint (src/boot/start.tsx), each with its
 * static imports and CSS, plus the route screen's chunk with its static imports. What a first
 * visit actually fetches is measured in the browser by tests/e2e/first-paint.spec.ts. Fails when a
 * route is over its budget (scripts/bundle-budget.json), when a route has no budget or a budget
 * names no route (the steps of a flow share its one budget: their `bundle` in the step table), or when a module that must load later (SignalR, Formik, the forms library) is in
 * `/`'s first-paint bytes.
 *
 *   tsx scripts/bundle-report.ts            (build when stale,) print, check
 *   tsx scripts/bundle-report.ts --json     also print the figures as JSON
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { hostingDirOf } from '../deploy/hosting-policy';
import { type Budgets, budgetMismatches, budgetOf, reportRoutes } from './bundle-routes';
import { ensureBuild } from './ensure-build';
import { type BundleChunk, bundleChunksFile } from './vite-chunks';

const root = join(import.meta.dirname, '..');
const budgets = JSON.parse(
  readFileSync(join(import.meta.dirname, 'bundle-budget.json'), 'utf8'),
) as Budgets & {
  forbiddenOnFirstPaint: Record<string, string[]>;
};

// The build in dist/ (built first when missing or stale, as html:check and the e2e tests do) and
// the chunk graph it recorded (scripts/vite-chunks.ts); no build of its own (decision 140).
await ensureBuild();
const outDir = join(root, 'dist');
if (!existsSync(join(hostingDirOf(outDir), bundleChunksFile)))
  throw new Error(
    `dist-hosting/${bundleChunksFile} is missing: build the app with this repository's vite.config.ts`,
  );
const recorded = JSON.parse(readFileSync(join(hostingDirOf(outDir), bundleChunksFile), 'utf8')) as {
  version: number;
  chunks: BundleChunk[];
};
if (recorded.version !== 1) throw new Error(`${bundleChunksFile}: not a chunk graph of version 1`);
const chunks = new Map(recorded.chunks.map((chunk) => [chunk.fileName, chunk]));
const gz = new Map<string, number>();
const sizeOf = (file: string) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length);
  return gz.get(file)!;
};
const closure = (start: string[]): Set<string> => {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...(chunks.get(name)?.imports ?? []));
  }
  return seen;
};

const entry = [...chunks.values()].find((c) => c.isEntry);
if (!entry) throw new Error('no entry chunk');
// The entry loads the app after the first paint (src/main.tsx → src/boot/start.tsx): a route
// needs both before its screen is the app's.
const boot = [...chunks.values()].find((c) => c.facade === 'src/boot/start.tsx');
if (!boot) throw new Error('no chunk for src/boot/start.tsx');
const routes = reportRoutes();
const failures = budgetMismatches(routes, budgets);
const rows: Array<{
  route: string;
  js: number;
  css: number;
  total: number;
  budget: number | undefined;
  modules: string[];
}> = [];
for (const route of routes) {
  const { path, module } = route;
  const screen = [...chunks.values()].find((c) => c.facade === module || c.modules.includes(module));
  if (!screen) failures.push(`no chunk found for the screen of ${path} (${module})`);
  const files = closure([entry.fileName, boot.fileName, ...(screen ? [screen.fileName] : [])]);
  let js = 0;
  const css = new Set<string>();
  const modules: string[] = [];
  for (const file of files) {
    js += sizeOf(file);
    for (const c of chunks.get(file)?.css ?? []) css.add(c);
    modules.push(...(chunks.get(file)?.modules ?? []));
  }
  const cssBytes = [...css].reduce((sum, file) => sum + sizeOf(file), 0);
  const budget = budgetOf(route, budgets);
  rows.push({ route: path, js, css: cssBytes, total: js + cssBytes, budget, modules });
}

const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
console.log(
  'route'.padEnd(56),
  'JS gz'.padStart(10),
  'CSS gz'.padStart(10),
  'total'.padStart(10),
  'budget'.padStart(10),
);
for (const row of rows) {
  const { budget } = row;
  const over = budget !== undefined && row.total > budget;
  console.log(
    row.route.padEnd(56),
    kb(row.js).padStart(10),
    kb(row.css).padStart(10),
    kb(row.total).padStart(10),
    (budget === undefined ? 'none' : kb(budget)).padStart(10),
    over ? '  OVER BUDGET' : '',
  );
  if (over) failures.push(`${row.route} needs ${kb(row.total)} for its first paint; budget ${kb(budget)}`);
  for (const [label, patterns] of Object.entries(budgets.forbiddenOnFirstPaint)) {
    if (row.route !== '/') continue;
    const hit = row.modules.find((m) => patterns.some((p) => m.includes(p)));
    if (hit) failures.push(`${label} is in the first-paint bytes of / (${hit})`);
  }
}
if (process.argv.includes('--modules')) {
  // Where the entry's bytes come from (minified, before gzip), grouped by package or app folder.
  const groups = new Map<string, number>();
  for (const file of closure([entry.fileName, boot.fileName])) {
    for (const [id, size] of Object.entries(chunks.get(file)?.moduleSizes ?? {})) {
      const pkg = id.includes('node_modules/')
        ? id
            .split('node_modules/')
            .pop()!
            .split('/')
            .slice(0, id.split('node_modules/').pop()!.startsWith('@') ? 2 : 1)
            .join('/')
        : process.argv.includes('--files')
          ? id
          : id.split('/').slice(0, 2).join('/');
      groups.set(pkg, (groups.get(pkg) ?? 0) + size);
    }
  }
  console.log('\nentry chunk composition (rendered bytes):');
  for (const [pkg, size] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${pkg.padEnd(50)} ${(size / 1024).toFixed(1)} KB`);
  }
}
if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      rows.map(({ modules: _m, ...r }) => r),
      null,
      2,
    ),
  );
}
if (failures.length > 0) {
  for (const f of failures) console.error(`bundle: ${f}`);
  process.exitCode = 1;
} else {
  console.log(`bundle: ${rows.length} routes within budget`);
}
