import { describe, expect, it } from 'vitest';
import { nextStep, type OnboardingStepId } from '#machines/onboarding-steps';
import { onboardingPathSpec } from '../../tests/model/onboarding.model';
import { registry } from '../../tests/model/registry';
import type { PathSpec } from '../../tests/support/paths';
import { inputsOf, startWalk, type Walk } from './walker';

/**
 * The viewer's live walk (scripts/viewer/walker.ts): every registered machine starts and offers
 * events; clicking through the onboarding chart reproduces the wizard's real order.
 */
const top = (walk: Walk): string => {
  const v = walk.snapshot().value;
  return typeof v === 'string' ? v : (Object.keys(v)[0] ?? '');
};

/** Clicks the first enabled option whose label starts with one of `prefixes` (in that order). */
function click(walk: Walk, ...prefixes: string[]): void {
  const options = walk.options().filter((o) => o.enabled);
  for (const prefix of prefixes) {
    const option = options.find((o) => o.label.startsWith(prefix));
    if (option) {
      walk.send(option.event);
      return;
    }
  }
  throw new Error(`none of ${prefixes.join(', ')} in ${options.map((o) => o.label).join(' | ')}`);
}

/** The wizard's steps from the pin on, in the step table's order (machines/onboarding-steps.ts). */
const wizard: string[] = [];
for (let at: OnboardingStepId | null = 'pin'; at !== null; at = nextStep(at)) wizard.push(at);

describe('viewer walk', () => {
  for (const { name, spec } of registry) {
    it(`${name}: starts and offers the events of its initial state`, () => {
      const walk = startWalk(spec as PathSpec, inputsOf(spec as PathSpec)[0]);
      expect(walk.snapshot().status).toBe('active');
      expect(walk.options().length).toBeGreaterThan(0);
      walk.stop();
    });
  }

  it("onboarding: clicking through from the pin follows the wizard in the step table's order", () => {
    const spec = onboardingPathSpec as PathSpec;
    const walk = startWalk(spec, inputsOf(spec)[0]);
    const seen: string[] = [top(walk)];
    const note = () => {
      if (seen[seen.length - 1] !== top(walk)) seen.push(top(walk));
    };
    click(walk, 'pin.submit');
    note();
    click(walk, 'done: verifyPin');
    note();
    click(walk, 'done: getSessionUser null', 'done: getSessionUser');
    note();
    click(walk, 'account.create');
    note();
    click(walk, 'done: signUp');
    note();
    // Signed in with a verified email now.
    type Output = {
      output?: { email_verified?: boolean; user?: { email_verified?: boolean } | null; profile?: unknown };
    };
    const verified = walk
      .options()
      .find(
        (o) => o.event.type.endsWith('getSessionUser') && (o.event as Output).output?.email_verified === true,
      );
    expect(verified).toBeDefined();
    if (verified) walk.send(verified.event);
    note();
    const fresh = walk.options().find((o) => {
      const output = (o.event as Output).output;
      return (
        o.event.type.endsWith('loadProfile') &&
        output?.user?.email_verified === true &&
        output.profile === null
      );
    });
    expect(fresh).toBeDefined();
    if (fresh) walk.send(fresh.event);
    note();
    // No complete profile yet: the profile form, then the practice form.
    if (top(walk) === 'profile') {
      click(walk, 'profile.submit');
      click(walk, 'done: confirmSignedIn {');
      click(walk, 'done: createProfile');
      note();
    }
    // A step the table puts between profile and practice: its own events, a step of fields'
    // submit (filled, offered first) first, else the first offered.
    for (let moves = 0; top(walk) !== 'practice' && wizard.includes(top(walk)) && moves < 10; moves += 1) {
      const enabled = walk.options().filter((o) => o.enabled && !o.event.type.startsWith('route.'));
      const own = enabled.find((o) => o.event.type === 'fields.submit') ?? enabled[0];
      if (own) walk.send(own.event);
      note();
    }
    click(walk, 'done: fetchDevices', 'practice.submit');
    note();
    if (top(walk) === 'practice') click(walk, 'practice.submit');
    click(walk, 'done: confirmSignedIn {');
    click(walk, 'done: registerPractice');
    note();
    expect(seen).toEqual(wizard);
    // Step back = the same walk minus the last event.
    const back = startWalk(
      spec,
      walk.input,
      walk.steps.slice(0, -1).map((s) => s.event),
    );
    expect(top(back)).toBe('practice');
    back.stop();
    walk.stop();
  });
});
