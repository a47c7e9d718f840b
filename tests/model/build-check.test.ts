import { describe, expect, it } from 'vitest';
import { generatePaths, runPathOnMachine } from '../support/paths';
import { buildCheckPathSpec } from './build-check.model';

const paths = generatePaths(buildCheckPathSpec);

describe('build-check machine: generated paths', () => {
  it('explores every input', () => {
    expect(new Set(paths.map((p) => p.inputIndex))).toEqual(new Set([0, 1, 2]));
  });
  for (const path of paths) {
    it(path.description, () => {
      const { actorInputs } = runPathOnMachine(path, buildCheckPathSpec);
      // every fetch the path answered was really running as an invoked actor
      const answered = path.steps.filter((s) => s.event.type.includes('.actor.fetchBuildInfo')).length;
      expect(actorInputs.filter((a) => a.src === 'fetchBuildInfo').length).toBeGreaterThanOrEqual(answered);
    });
  }
});
