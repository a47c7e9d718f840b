import { describe, expect, it } from 'vitest';
import { coverageOf, generatePaths, type PathSpec, runPathOnMachine } from '../support/paths';
import { joinPracticePathSpec } from './join-practice.model';
import { landingPathSpec } from './landing.model';
import { portalRedirectPathSpec } from './portal-redirect.model';
import { profileStepPathSpec } from './profile-step.model';
import { switchPracticePathSpec } from './switch-practice.model';

const practiceSpecs = [
  landingPathSpec,
  switchPracticePathSpec,
  joinPracticePathSpec,
  profileStepPathSpec,
  portalRedirectPathSpec,
];

describe.each(practiceSpecs.map((spec) => [spec.name, spec as PathSpec] as const))(
  '%s machine paths',
  (_name, spec) => {
    const paths = generatePaths(spec);

    it('reaches 100 % of states and transitions', () => {
      const coverage = coverageOf(spec, paths);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
      expect(coverage.states.percent).toBe(100);
      expect(coverage.transitions.percent).toBe(100);
    });

    it.each(paths.map((path) => [path.description, path] as const))('%s', (_d, path) => {
      runPathOnMachine(path, spec);
    });
  },
);
