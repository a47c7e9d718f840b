import { describe, expect, it } from 'vitest';
import { generatePaths, runPathOnMachine } from '../support/paths';
import { loadingPathSpec } from './loading.model';

const paths = generatePaths(loadingPathSpec);

describe('loading machine: generated paths', () => {
  it('generates paths for every input', () => {
    expect(new Set(paths.map((p) => p.inputIndex))).toEqual(new Set([0, 1, 2]));
  });
  for (const path of paths) {
    it(path.description, () => {
      runPathOnMachine(path, loadingPathSpec);
    });
  }
});
