import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { deploymentPlugin } from './scripts/vite-deployment';

/**
 * The files that take longest (each runs a browser in a child process: the reduced atlas and the
 * atlas's own check, ~1.5 min and ~0.5 min on two cores). They start first, so they run beside the
 * many short files instead of alone at the end of a run on a fresh clone, which has no timings of
 * a previous run to order by (decision 140).
 */
const slowFirst = [
  'scripts/atlas-check.test.ts',
  'scripts/atlas.test.ts',
  'tests/contract/stack-process.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = slowFirst.findIndex((name) => file.moduleId.endsWith(name));
      return at < 0 ? slowFirst.length : at;
    };
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

/**
 * The test files that replace modules or globals (`vi.mock`, `vi.stubGlobal`): each runs in a
 * module registry of its own. Every other file shares its worker's registry with the files before
 * it (`isolate: false`): React, Mantine, xstate and the app's modules are imported once per
 * worker instead of once per file, which took a third of the run's CPU (decision 140).
 * tests/contract/vitest-isolation.test.ts fails when a file that replaces a module is missing here.
 */
export const isolatedTestFiles = [
  'src/ui/shell/lazy-shell-parts.test.tsx',
  'src/app/live/onboarding.test.ts',
  'src/validation/schemas-first-use.test.ts',
];

const testFiles = [
  'machines/**/*.test.ts',
  'src/**/*.test.{ts,tsx}',
  'server/**/*.test.ts',
  'tests/model/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
  'tests/contract/**/*.test.ts',
  'tests/engines/**/*.test.ts',
];

// What both projects share. Node by default; component tests opt into jsdom with a
// `// @vitest-environment jsdom` comment on their first line.
const shared = {
  environment: 'node',
  globals: false,
  testTimeout: 20000,
  hookTimeout: 60000,
  setupFiles: ['tests/setup/vitest.setup.ts'],
  pool: 'forks' as const,
};

// Unit, component, machine and generated path tests.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [deploymentPlugin()],
        test: { ...shared, name: 'shared', include: testFiles, exclude: isolatedTestFiles, isolate: false },
      },
      {
        plugins: [deploymentPlugin()],
        test: { ...shared, name: 'isolated', include: isolatedTestFiles, isolate: true },
      },
    ],
    // Two test files at a time on two cores (Vitest's default is one fewer than the cores: one).
    // Much of a file's time is waiting (a child process, a browser, a stack's timers), so two
    // overlap well (decision 140). Three were quicker alone (140 s against 215 s) but slower in
    // `npm test`, beside the other checks of stage 1: 272 s against 242 s on a fresh clone.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
  },
});
