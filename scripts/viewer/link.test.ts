import { describe, expect, it } from 'vitest';
import { joinPracticePathSpec } from '../../tests/model/join-practice.model';
import { generatePaths, type PathSpec } from '../../tests/support/paths';
import {
  formatAddress,
  inputIndexOf,
  inputSlugs,
  parseAddress,
  replaySteps,
  sameEvent,
  stepsOf,
} from './link';
import { inputsOf, startWalk } from './walker';

/** The viewer's address (scripts/viewer/link.ts, decision 130): a state can be sent and reopened. */
const spec = joinPracticePathSpec as PathSpec;

describe('viewer address', () => {
  it('reads back what it writes', () => {
    const search = formatAddress({
      machine: 'joinPractice',
      input: 'uk-practice',
      steps: [2, 0, 1],
      locale: 'en-GB',
      width: 1280,
    });
    expect(search).toBe('?machine=joinPractice&input=uk-practice&steps=2.0.1&locale=en-GB&width=1280');
    expect(parseAddress(search)).toEqual({
      machine: 'joinPractice',
      input: 'uk-practice',
      steps: [2, 0, 1],
      journey: null,
      locale: 'en-GB',
      width: 1280,
    });
    expect(parseAddress('?machine=x&journey=3&step=2').journey).toEqual({ index: 3, step: 2 });
    expect(parseAddress('?locale=fr&width=9').locale).toBe('en-AU');
  });

  it('names inputs by their fixture and finds them again', () => {
    const slugs = inputSlugs('joinPractice', spec);
    expect(slugs).toContain('uk-practice');
    const i = inputIndexOf('joinPractice', spec, 'uk-practice');
    expect((inputsOf(spec)[i] as { practiceKey?: string }).practiceKey).toBe('uk-camden');
    expect(inputIndexOf('joinPractice', spec, 'no-such-fixture')).toBe(0);
  });

  it('every generated journey, written as choices, replays to the state it reaches', () => {
    const paths = generatePaths(spec);
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      const events = path.steps.map((s) => s.event);
      const steps = stepsOf(spec, path.input, events);
      expect(steps, path.description).not.toBeNull();
      const replay = replaySteps(spec, path.input, steps ?? []);
      expect(replay.brokenAt).toBeNull();
      const walk = startWalk(spec, path.input, replay.events);
      const last = path.steps.at(-1)?.state.value ?? path.initial.value;
      expect(walk.snapshot().value, path.description).toEqual(last);
      walk.stop();
    }
  });

  it('a choice the state does not offer stops the replay there', () => {
    const input = inputsOf(spec)[0];
    const replay = replaySteps(spec, input, [0, 99, 0]);
    expect(replay.brokenAt).toBe(1);
    expect(replay.steps).toEqual([0]);
    expect(replay.events).toHaveLength(1);
  });

  it('tells events apart by payload, Errors by message', () => {
    expect(
      sameEvent({ type: 'a', error: new Error('x') } as never, { type: 'a', error: new Error('x') } as never),
    ).toBe(true);
    expect(
      sameEvent({ type: 'a', error: new Error('x') } as never, { type: 'a', error: new Error('y') } as never),
    ).toBe(false);
  });
});
