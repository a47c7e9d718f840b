import { describe, expect, it } from 'vitest';
import { onboardingPathSpec } from '../../tests/model/onboarding.model';
import { registry } from '../../tests/model/registry';
import { generatePaths, type PathSpec } from '../../tests/support/paths';
import { contextRows } from './context-table';
import { designerLabel, distinctLabels, inputName, slug, summarize, words } from './labels';
import { descriptionOf, inputsOf, startWalk } from './walker';

/**
 * The designer's names (scripts/viewer/labels.ts, decision 130), over every state every generated
 * journey of every registered machine reaches: each choice of a state has a label of its own,
 * short, without raw JSON; every input fixture has a name of its own.
 */
function labelsOfState(spec: PathSpec, walk: ReturnType<typeof startWalk>): string[] {
  const d = descriptionOf(spec.machine);
  const options = walk.options();
  return distinctLabels(
    options.map((o) => {
      const delay = d.delaysByEventType.get(o.event.type);
      return designerLabel(
        o.event,
        o.delayMs !== null ? { name: delay?.name ?? '', ms: o.delayMs } : undefined,
      );
    }),
    options.map((o) => o.event),
  );
}

describe('designer labels', () => {
  it('read as the issue asks', () => {
    expect(designerLabel({ type: 'pin.submit', pin: '1234' } as never)).toBe('Submit pin 1234');
    expect(designerLabel({ type: 'route.changed', step: 'account', draft: {} } as never)).toBe(
      'Route → account',
    );
    expect(
      designerLabel({
        type: 'xstate.done.actor.loadProfile',
        output: { user: null, profile: null },
      } as never),
    ).toBe('Load profile answers: no user, no profile');
    expect(
      designerLabel({
        type: 'xstate.error.actor.verifyPin',
        error: { status: 429, message: 'Too many attempts', fieldErrors: {} },
      } as never),
    ).toBe('Verify pin fails: 429 Too many attempts');
    expect(designerLabel({ type: 'xstate.error.actor.signUp', error: new Error('fake') } as never)).toBe(
      'Sign up fails',
    );
    expect(
      designerLabel({ type: 'xstate.after.popInDelay.loading.pending' }, { name: 'popInDelay', ms: 500 }),
    ).toBe('Wait 500 ms (pop-in delay)');
    expect(
      designerLabel({ type: 'xstate.after.recheckInterval.x' }, { name: 'recheckInterval', ms: 300_000 }),
    ).toBe('Wait 5 min (recheck interval)');
    expect(designerLabel({ type: 'hub.reconnecting', error: 'connectionLost' } as never)).toBe(
      'Hub reconnecting connectionLost',
    );
    expect(words('email_verified')).toBe('email verified');
    expect(summarize({ user: { name: 'Ada', email_verified: true }, profile: null })).toBe(
      'Ada (email verified), no profile',
    );
  });

  for (const { name, spec: anySpec } of registry) {
    const spec = anySpec as PathSpec;
    it(`${name}: every state's choices have distinct, short labels without raw payloads`, () => {
      const seen = new Set<string>();
      for (const path of generatePaths(spec)) {
        const walk = startWalk(spec, path.input);
        for (const step of [null, ...path.steps]) {
          if (step) walk.send(step.event);
          const key = JSON.stringify(walk.snapshot().value);
          if (seen.has(key)) continue;
          seen.add(key);
          const labels = labelsOfState(spec, walk);
          for (const label of labels) {
            expect(label.length, label).toBeLessThanOrEqual(80);
            // No raw JSON, no xstate names, no twins told apart only by their position.
            expect(label, label).not.toMatch(/[{}[\]]|xstate\.|\(\d+\)$/);
          }
          expect(
            new Set(labels).size,
            `${JSON.stringify(walk.snapshot().value)}: ${labels.join(' | ')}`,
          ).toBe(labels.length);
        }
        walk.stop();
      }
      expect(seen.size).toBeGreaterThan(0);
    });

    it(`${name}: every input fixture has a name and an address of its own`, () => {
      const names = inputsOf(spec).map((input, i) => inputName(name, input, i));
      for (const n of names) expect(n).not.toMatch(/[{}]/);
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(names.map(slug)).size).toBe(names.length);
    });
  }

  it('names the fixtures the issue names', () => {
    const names = inputsOf(onboardingPathSpec as PathSpec).map((input, i) =>
      inputName('onboarding', input, i),
    );
    expect(names).toContain('new user');
    expect(names).toContain('returning, no practice');
    const join = registry.find((e) => e.name === 'joinPractice')?.spec as PathSpec;
    expect(inputsOf(join).map((input, i) => inputName('joinPractice', input, i))).toContain('UK practice');
  });
});

describe('context table', () => {
  it('flattens records, counts lists and spells out empty values', () => {
    const rows = contextRows({
      step: 'pin',
      error: null,
      draft: { pin: '', profile: { firstName: 'Ada' } },
      devices: [{ name: 'Hub' }],
      verified: true,
    });
    expect(rows).toEqual([
      { field: 'step', value: 'pin', depth: 0 },
      { field: 'error', value: '—', depth: 0 },
      { field: 'draft', value: '', depth: 0 },
      { field: 'draft.pin', value: '(empty)', depth: 1 },
      { field: 'draft.profile', value: '', depth: 1 },
      { field: 'draft.profile.firstName', value: 'Ada', depth: 2 },
      { field: 'devices', value: '1 item', depth: 0 },
      { field: 'devices[0]', value: '', depth: 1 },
      { field: 'devices[0].name', value: 'Hub', depth: 2 },
      { field: 'verified', value: 'yes', depth: 0 },
    ]);
  });
});
