import { describe, expect, it } from 'vitest';
import { coverageOf, generatePaths, type PathSpec, runPathOnMachine } from '../support/paths';
import { hubConnectionPathSpec } from './hub-connection.model';
import { userStorePathSpec } from './user-store.model';

describe.each([
  ['hubConnection', hubConnectionPathSpec as PathSpec],
  ['userStore', userStorePathSpec as PathSpec],
] as const)('%s machine: generated paths', (_name, spec) => {
  const paths = generatePaths(spec);

  it('reaches 100 % of states and transitions', () => {
    const coverage = coverageOf(spec, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', (_d, path) => {
    runPathOnMachine(path, spec);
  });
});
