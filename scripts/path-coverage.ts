/**
 * Prints, per registered machine (tests/model/registry.ts), the states and transitions reached by
 * the generated path tests, lists what is missing, and exits 1 if any machine is below 100 %.
 * Usage: tsx scripts/path-coverage.ts [--only <name>]
 */

import { registry } from '../tests/model/registry';
import { coverageOf, generatePaths } from '../tests/support/paths';

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;

let failed = false;
for (const { name, spec } of registry) {
  if (only && name !== only) continue;
  const started = Date.now();
  const paths = generatePaths(spec);
  const c = coverageOf(spec, paths);
  const ms = Date.now() - started;
  const ok = c.states.percent === 100 && c.transitions.percent === 100;
  if (!ok) failed = true;
  console.log(
    `${ok ? '✓' : '✗'} ${name.padEnd(22)} states ${c.states.reached}/${c.states.total} (${c.states.percent} %)  ` +
      `transitions ${c.transitions.reached}/${c.transitions.total} (${c.transitions.percent} %)  ${paths.length} paths  ${ms} ms`,
  );
  for (const s of c.states.missing) console.log(`    missing state: ${s}`);
  for (const t of c.transitions.missing) console.log(`    missing transition: ${t}`);
}
if (failed) {
  console.error(
    '\nPath coverage below 100 %: add event variants/inputs to the model, or remove dead states.',
  );
  process.exit(1);
}
