import { describe, expect, it } from 'vitest';
import {
  draftStorageKeyList,
  draftStorageKeys,
  fieldSteps,
  fieldsStorageKey,
  isFlowRouteId,
  nextStep,
  onboardingStepIds,
  onboardingStepPaths,
  onboardingStepTable,
  progressOf,
  progressTotal,
  requireNextStep,
  routeIdOfStep,
  stepOfRouteId,
  stepRow,
  UnknownStepRouteError,
} from './onboarding-steps';

/**
 * The step table's own rules (decision 160): ids, paths and titles are unique, next and previous
 * name steps of the table and agree with each other, the wizard runs from its entry points to one
 * last step without a loop, and the progress positions count 1…total along the way. What the rest
 * of the app derives from it is checked in tests/model/onboarding-steps.test.ts (the checklist).
 */
describe('the onboarding step table', () => {
  it('has unique ids, paths and title ids', () => {
    for (const field of ['id', 'path', 'titleId'] as const) {
      const values = onboardingStepTable.map((s) => s[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
    expect(onboardingStepIds).toEqual(onboardingStepTable.map((s) => s.id));
  });

  it('next and previous name steps of the table and agree', () => {
    for (const step of onboardingStepTable) {
      if (step.next !== null) {
        expect(onboardingStepIds).toContain(step.next);
        // The next step came from here or from another step that also moves on to it.
        const cameFrom = stepRow(step.next).previous;
        expect(cameFrom).not.toBeNull();
        expect(stepRow(cameFrom as never).next).toBe(step.next);
      }
      if (step.previous !== null) {
        expect(onboardingStepIds).toContain(step.previous);
        expect(stepRow(step.previous).next).toBe(step.id);
      }
    }
  });

  it('runs from every entry point to the one last step, without a loop, numbering 1…total on the way', () => {
    const last = onboardingStepTable.filter((s) => s.next === null).map((s) => s.id);
    expect(last).toEqual(['thankYou']);
    const entries = onboardingStepTable.filter((s) => s.previous === null).map((s) => s.id);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const seen: string[] = [];
      const numbered: number[] = [];
      for (let at: (typeof onboardingStepIds)[number] | null = entry; at !== null; at = nextStep(at)) {
        expect(seen).not.toContain(at);
        seen.push(at);
        const progress = progressOf(at);
        if (progress) numbered.push(progress.position);
      }
      expect(seen.at(-1)).toBe('thankYou');
      expect(numbered).toEqual(Array.from({ length: progressTotal }, (_, i) => i + 1));
    }
  });

  it('spec §2: account is step 1 and practice the last numbered step, after profile', () => {
    expect(progressOf('account')).toEqual({ position: 1, total: progressTotal });
    expect(progressOf('practice')).toEqual({ position: progressTotal, total: progressTotal });
    expect(progressOf('profile')?.position).toBe(2);
    expect(progressOf('pin')).toBeNull();
    expect(progressOf('thankYou')).toBeNull();
  });

  it('the last step has no next one: asking for it is a table mistake', () => {
    expect(requireNextStep('practice')).toBe('thankYou');
    expect(() => requireNextStep('thankYou')).toThrow(/thankYou has no next step/);
  });

  it('a step route is a child of the flow layout; an unknown one throws, no default', () => {
    expect(routeIdOfStep('account')).toBe('/onboarding-flow/onboarding/register-account');
    expect(onboardingStepPaths.account).toBe('/onboarding/register-account');
    for (const id of onboardingStepIds) {
      expect(isFlowRouteId(routeIdOfStep(id))).toBe(true);
      expect(stepOfRouteId(routeIdOfStep(id))).toBe(id);
    }
    expect(isFlowRouteId('/switch-practice')).toBe(false);
    expect(() => stepOfRouteId('/onboarding-flow/onboarding/unknown')).toThrow(UnknownStepRouteError);
    expect(() => stepOfRouteId('/onboarding-flow/onboarding/unknown')).toThrow(/not a step of the table/);
  });

  it('spec §9: the draft is stored under the onboarding keys', () => {
    expect(draftStorageKeys).toEqual({
      pin: 'onboarding.pin',
      practice: 'onboarding.practiceRegistration',
      profile: 'onboarding.profileRegistration',
      options: 'onboarding.options',
    });
    expect([...draftStorageKeyList].sort()).toEqual(
      [...Object.values(draftStorageKeys), ...fieldSteps.map((s) => fieldsStorageKey(s.id))].sort(),
    );
  });
});
