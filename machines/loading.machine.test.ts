import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  loadingMachine,
  selectContentVisible,
  selectLongLoading,
  selectSpinnerVisible,
} from './loading.machine';

/**
 * SimulatedClock.increment(n) fires due timers with the clock already at now + n, so a timer
 * scheduled by a fired one would start late; advancing 1 ms at a time keeps every start exact.
 */
function advance(clock: SimulatedClock, ms: number) {
  for (let i = 0; i < ms; i++) clock.increment(1);
}

function start(input: { keepContentVisible?: boolean; loaded?: boolean } = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(loadingMachine, { input, clock });
  actor.start();
  const view = () => {
    const s = actor.getSnapshot();
    return { content: selectContentVisible(s), spinner: selectSpinnerVisible(s), long: selectLongLoading(s) };
  };
  return { actor, clock, view };
}

const hidden = { content: false, spinner: false, long: false };
const spinner = { content: false, spinner: true, long: false };
const content = { content: true, spinner: false, long: false };

describe('loading machine (spec §4 Loading, §9: 500 / 2000 / 15000 ms)', () => {
  it('hides everything until the 500 ms pop-in, then shows the spinner', () => {
    const { clock, view } = start();
    expect(view()).toEqual(hidden);
    advance(clock, 499);
    expect(view()).toEqual(hidden);
    advance(clock, 1);
    expect(view()).toEqual(spinner);
  });

  it('keeps the spinner 2000 ms after it appeared even when loading ends sooner', () => {
    const { actor, clock, view } = start();
    advance(clock, 600);
    actor.send({ type: 'loading.done' });
    expect(view()).toEqual(spinner);
    advance(clock, 1899); // 2499
    expect(view()).toEqual(spinner);
    advance(clock, 1); // 2500 = 500 + 2000
    expect(view()).toEqual(content);
  });

  it('shows the content as soon as loading ends once the minimum display is over', () => {
    const { actor, clock, view } = start();
    advance(clock, 5000);
    expect(view()).toEqual(spinner);
    actor.send({ type: 'loading.done' });
    expect(view()).toEqual(content);
  });

  it('shows the content at once when loading ends before the pop-in', () => {
    const { actor, clock, view } = start();
    advance(clock, 100);
    actor.send({ type: 'loading.done' });
    expect(view()).toEqual(content);
    advance(clock, 20000);
    expect(view()).toEqual(content);
  });

  it('adds the long-loading message at 15000 ms from the start', () => {
    const { actor, clock, view } = start();
    advance(clock, 14999);
    expect(view()).toEqual(spinner);
    advance(clock, 1);
    expect(view()).toEqual({ content: false, spinner: true, long: true });
    actor.send({ type: 'loading.done' });
    expect(view()).toEqual(content);
  });

  it('keepContentVisible: the content stays until the pop-in', () => {
    const { clock, view } = start({ keepContentVisible: true });
    expect(view()).toEqual(content);
    advance(clock, 500);
    expect(view()).toEqual(spinner);
  });

  it('starts loaded, and loading.start begins a new loading period with fresh timers', () => {
    const { actor, clock, view } = start({ loaded: true });
    expect(view()).toEqual(content);
    advance(clock, 30000);
    actor.send({ type: 'loading.start' });
    expect(view()).toEqual(hidden);
    advance(clock, 500);
    expect(view()).toEqual(spinner);
    advance(clock, 14499);
    expect(view().long).toBe(false);
    advance(clock, 1);
    expect(view().long).toBe(true);
  });
});
