import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { busyIndicatorMachine, selectIndicating } from './busy-indicator.machine';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(busyIndicatorMachine, { clock });
  actor.start();
  const indicating = () => selectIndicating(actor.getSnapshot());
  /** The spinner shows exactly `ms` from now: not a millisecond before. */
  const showsAfter = (ms: number) => {
    clock.increment(ms - 1);
    expect(indicating()).toBe(false);
    clock.increment(1);
    expect(indicating()).toBe(true);
  };
  return { actor, clock, indicating, showsAfter };
}

describe('busy indicator (decision 042: the spec pop-in of 500 ms for a pending submit)', () => {
  it('shows nothing for a request answered within the pop-in', () => {
    const { actor, clock, indicating } = start();
    actor.send({ type: 'busy.start' });
    clock.increment(499);
    expect(indicating()).toBe(false);
    actor.send({ type: 'busy.end' });
    clock.increment(10_000);
    expect(indicating()).toBe(false);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('shows the spinner once a request has run 500 ms, until it ends', () => {
    const { actor, clock, indicating } = start();
    actor.send({ type: 'busy.start' });
    clock.increment(500);
    expect(indicating()).toBe(true);
    clock.increment(60_000);
    expect(indicating()).toBe(true);
    actor.send({ type: 'busy.end' });
    expect(indicating()).toBe(false);
  });

  it('starts the pop-in again for the next request (a repeated start does not restart it)', () => {
    const { actor, clock, indicating, showsAfter } = start();
    actor.send({ type: 'busy.start' });
    clock.increment(300);
    actor.send({ type: 'busy.start' });
    clock.increment(200);
    expect(indicating()).toBe(true);
    actor.send({ type: 'busy.end' });
    actor.send({ type: 'busy.start' });
    showsAfter(500);
  });

  it('ignores an end while idle', () => {
    const { actor, indicating } = start();
    actor.send({ type: 'busy.end' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(indicating()).toBe(false);
  });

  describe('a press the user made before the app was ready (decision 198: the pop-in counts from the press)', () => {
    it('shows the spinner at once when the user has waited the pop-in already', () => {
      const { actor, indicating } = start();
      actor.send({ type: 'busy.start', waited: 1200 });
      expect(indicating()).toBe(true);
      actor.send({ type: 'busy.end' });
      expect(indicating()).toBe(false);
    });

    it('waits only for what is left of the pop-in', () => {
      const { actor, showsAfter } = start();
      actor.send({ type: 'busy.start', waited: 300 });
      showsAfter(200);
    });

    it('counts a wait for its own work only: the next start waits the whole pop-in', () => {
      const { actor, showsAfter } = start();
      actor.send({ type: 'busy.start', waited: 400 });
      actor.send({ type: 'busy.end' });
      actor.send({ type: 'busy.start' });
      showsAfter(500);
    });

    it('reads a negative wait as none', () => {
      const { actor, showsAfter } = start();
      actor.send({ type: 'busy.start', waited: -50 });
      showsAfter(500);
    });
  });
});
