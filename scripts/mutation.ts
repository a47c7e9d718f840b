/**
 * Mutation score of the generated path tests: for every registered machine (tests/model/registry.ts)
 * each transition is changed, one at a time, in an in-memory copy of the machine (retargeted to each
 * sibling state, or removed; tests/support/mutants.ts), and the machine path tests are run against
 * it the way `npm run test:unit` would: the paths are generated from the mutant, replayed with the
 * model's expectations, and their coverage measured. A mutant is killed when any of that fails.
 *
 * Usage: tsx scripts/mutation.ts [--only <name>] [--retarget-only] [--verbose]
 * Exits 1 when a mutant survives that docs/testing.md does not explain (`explained` below).
 */
import { registry } from '../tests/model/registry';
import { type Mutant, mutantsOf } from '../tests/support/mutants';
import { coverageOf, generatePaths, type PathSpec, unusedExpectations } from '../tests/support/paths';

const args = process.argv.slice(2);
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined;
const kinds: Array<Mutant['kind']> = args.includes('--retarget-only') ? ['retarget'] : ['retarget', 'remove'];
const verbose = args.includes('--verbose');
const names = registry.map((entry) => entry.name);
if (onlyIndex >= 0 && (!only || !names.includes(only))) {
  console.error(
    `--only needs one of the registered machines: ${names.join(', ')} (got ${only ?? 'nothing'})`,
  );
  process.exit(2);
}

/**
 * Survivors that are equivalent to the real machine (no test can tell them apart), by machine and
 * mutant label; each is explained in docs/testing.md.
 */
const explained: Record<string, string[]> = {
  buildCheck: ['startupCheck --done: fetchBuildInfo [isStoredBuild]--> upToDate removed'],
  emailVerification: ['failed --email.retry--> verifying ⇒ routing'],
  switchPractice: [
    'live.loading --userState.changed--> (none) removed',
    'live.ready.unverified --email.verify--> (none) ⇒ live.ready.checkingEmail',
  ],
  joinPractice: [
    'choosingSignup --signup.choose--> (none) ⇒ signedOut',
    'choosingLogin --login.choose--> (none) ⇒ signedOut',
    'loadingInvites --error: fetchPendingInvites--> acceptingInvite ⇒ checkingInviteTarget',
    'otherPractice --switchPractice.open--> (none) ⇒ checkingInviteTarget',
    'submittingCode --error: joinWithCode [isCallFailure]--> enteringCode ⇒ checkingEmail',
    'submittingCode --error: joinWithCode--> enteringCode ⇒ checkingEmail',
  ],
  // Only the practice step sends the user on a detour to the profile: going back to the practice
  // straight or through `resuming` (which starts the step the detour came from) is the same.
  onboarding: [
    'profile.loading --done: loadProfile [isDetourWithCompleteProfile]--> resuming ⇒ practice',
    'profile.saving --done: createProfile [isDetour]--> resuming ⇒ practice',
  ],
};

type Verdict = { killed: true; by: string; detail: string } | { killed: false };

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n').slice(0, 3).join(' ⏎ ');
}

function judge(spec: PathSpec, mutant: Mutant): Verdict {
  const mutated: PathSpec = { ...spec, machine: mutant.machine };
  let paths: ReturnType<typeof generatePaths>;
  try {
    // Every explored step (tests/model/expectations.test.ts), whose coverage is the minimal set's.
    paths = generatePaths({ ...mutated, exhaustive: true }, { checkExpectations: true });
  } catch (error) {
    const detail = firstLine(error);
    return { killed: true, by: detail.includes('expected') ? 'expectation' : 'generation', detail };
  }
  try {
    const unused = unusedExpectations(mutated, paths);
    if (unused.length > 0) {
      return { killed: true, by: 'unused expectation', detail: unused.join(', ') };
    }
  } catch (error) {
    return { killed: true, by: 'expectation', detail: firstLine(error) };
  }
  const coverage = coverageOf(mutated, paths);
  if (coverage.states.percent < 100 || coverage.transitions.percent < 100) {
    return {
      killed: true,
      by: 'coverage',
      detail: [...coverage.states.missing, ...coverage.transitions.missing].join(', '),
    };
  }
  return { killed: false };
}

let total = 0;
let killedTotal = 0;
let explainedTotal = 0;
const unexplained: string[] = [];
const byReason = new Map<string, number>();

for (const { name, spec } of registry) {
  if (only && name !== only) continue;
  const started = Date.now();
  const s = spec as PathSpec;
  // The real machine must pass, or every mutant would look killed.
  const baseline = judge(s, { kind: 'retarget', key: '', label: 'the real machine', machine: s.machine });
  if (baseline.killed) {
    console.error(`✗ ${name}: the real machine fails its path tests (${baseline.by}): ${baseline.detail}`);
    process.exit(1);
  }
  const mutants = mutantsOf(s.machine, kinds);
  const survivors: Mutant[] = [];
  let killed = 0;
  for (const mutant of mutants) {
    const verdict = judge(s, mutant);
    if (verdict.killed) {
      killed++;
      byReason.set(verdict.by, (byReason.get(verdict.by) ?? 0) + 1);
      if (verbose) console.log(`    killed (${verdict.by}): ${mutant.label}\n      ${verdict.detail}`);
    } else survivors.push(mutant);
  }
  total += mutants.length;
  killedTotal += killed;
  const ms = Date.now() - started;
  const mark = survivors.every((m) => explained[name]?.includes(m.label)) ? '✓' : '✗';
  console.log(
    `${mark} ${name.padEnd(18)} mutants ${String(mutants.length).padStart(3)}  killed ${String(killed).padStart(3)}  ` +
      `survived ${String(survivors.length).padStart(2)}  ${ms} ms`,
  );
  for (const m of survivors) {
    const known = explained[name]?.includes(m.label) ?? false;
    console.log(`    survived${known ? ' (explained)' : ''}: ${m.label}`);
    if (known) explainedTotal++;
    else unexplained.push(`${name}: ${m.label}`);
  }
}

const score = total === 0 ? 100 : Math.floor((killedTotal / total) * 1000) / 10;
const reasons = [...byReason.entries()].map(([by, n]) => `${by} ${n}`).join(', ');
console.log(
  `\nMutation score: ${killedTotal}/${total} killed (${score} %)${reasons ? ` — by ${reasons}` : ''}`,
);
console.log(
  `Survivors: ${total - killedTotal}, ${explainedTotal} of them explained as equivalent in docs/testing.md`,
);
if (unexplained.length > 0) {
  console.error(`${unexplained.length} surviving mutant(s) not explained in docs/testing.md.`);
  process.exit(1);
}
