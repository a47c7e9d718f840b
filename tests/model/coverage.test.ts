import { describe, expect, it } from 'vitest';
import { coverageOf, generatePaths } from '../support/paths';
import { registry } from './registry';

// Every registered machine: the generated paths reach 100 % of its states and transitions.
describe('path coverage', () => {
  for (const { name, spec } of registry) {
    it(`${name}: every state and transition is reached by the generated paths`, () => {
      const coverage = coverageOf(spec, generatePaths(spec));
      expect({
        name,
        missingStates: coverage.states.missing,
        missingTransitions: coverage.transitions.missing,
      }).toEqual({
        name,
        missingStates: [],
        missingTransitions: [],
      });
      expect(coverage.states.total).toBeGreaterThan(0);
    });
  }
});
