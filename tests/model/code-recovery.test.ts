import { describe, expect, it } from 'vitest';
import { generatePaths, runPathOnMachine } from '../support/paths';
import { codeRecoveryPathSpec } from './code-recovery.model';

const paths = generatePaths(codeRecoveryPathSpec);

describe('code-recovery machine: generated paths', () => {
  it('explores both inputs', () => {
    expect(new Set(paths.map((p) => p.inputIndex))).toEqual(new Set([0, 1]));
  });
  it('never reaches a reload without the origin having answered just before', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        if (step.state.value !== 'reloading') return;
        const before = path.steps[index - 1];
        const cause = step.event.type;
        const viaProbe = cause === 'xstate.done.actor.probeOrigin';
        const viaUser = cause === 'code.retry' && before?.state.value === 'stuck';
        expect(viaProbe || viaUser, path.description).toBe(true);
      });
    }
  });
  for (const path of paths) {
    it(path.description, () => {
      const { actorInputs } = runPathOnMachine(path, codeRecoveryPathSpec);
      const probes = path.steps.filter((s) => s.event.type.endsWith('.actor.probeOrigin')).length;
      expect(actorInputs.filter((a) => a.src === 'probeOrigin').length).toBeGreaterThanOrEqual(probes);
    });
  }
});
