import { describe, expect, it } from 'vitest';
import { generatePaths, unusedExpectations } from '../support/paths';
import { registry } from './registry';

/**
 * The models' expectations (`expected` in tests/model/*.model.ts, written from the product spec)
 * against every step the traversal explores, not only the minimal covering paths: each lands where
 * its rule says, and each rule is used. `npm run mutation` shows what this catches.
 */
describe('expected states on every explored step', () => {
  for (const { name, spec } of registry) {
    it(`${name}: every explored step lands where the model expects, and every rule is used`, () => {
      expect(spec.expected, `${name}: add expected states to its model`).toBeDefined();
      const every = generatePaths({ ...spec, exhaustive: true });
      expect(unusedExpectations(spec, every)).toEqual([]);
    });
  }
});
