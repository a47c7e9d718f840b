// @vitest-environment jsdom
import { act, type RenderResult, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { UserPractice } from '#machines/domain';
import {
  type PracticeActivationSnapshot,
  type practiceActivationMachine,
  selectTakingLong,
} from '#machines/practice-activation.machine';
import { PracticeActivationView } from '../../src/views/onboarding/onboarding-thank-you-view';
import { generatePaths, runPathOnMachine, runPathOnView, type ViewAdapter } from '../support/paths';
import { renderWithProviders } from '../support/render';
import { practiceActivationPathMachine, practiceActivationPathSpec } from './practice-activation.model';

/**
 * Generated path tests of the thank-you step's wait: every path on the real machine, then on the
 * rendered thank-you step (its heading, and 'taking long' exactly when the machine's tag says so).
 */

const paths = generatePaths(practiceActivationPathSpec);

describe('practice activation machine: generated paths', () => {
  for (const path of paths) {
    it(path.description, () => {
      runPathOnMachine(path, practiceActivationPathSpec);
    });
  }
});

type Activation = ActorRefFrom<typeof practiceActivationMachine>;

function thankYouAdapter(): ViewAdapter<PracticeActivationSnapshot> {
  let view: RenderResult | null = null;
  let actor: Activation | null = null;
  const clock = new SimulatedClock();
  return {
    // The thank-you step shows the wait: its heading stays while the machine polls and listens.
    heading: () => 'Thank you!',
    start(input) {
      const machine = practiceActivationPathMachine.provide({
        actors: {
          fetchUserPractices: fromPromise(() => new Promise<UserPractice[]>(() => {})),
          watchUserPractices: fromCallback(() => undefined),
        },
      }) as typeof practiceActivationMachine;
      actor = createActor(machine, { input: input as never, clock });
      actor.start();
      view = renderWithProviders(<PracticeActivationView activation={actor} />);
    },
    perform(step) {
      if (step.event.type.startsWith('xstate.after.')) act(() => clock.increment(step.delayMs));
      else act(() => actor?.send(step.event as never));
    },
    check(snapshot) {
      expect(actor?.getSnapshot().value).toEqual(snapshot.value);
      expect(
        screen.queryByText('We are activating your practice, this can take a couple of minutes...'),
      ).toBeTruthy();
      expect(screen.queryByRole('status') !== null).toBe(selectTakingLong(snapshot));
      expect(selectTakingLong(snapshot)).toBe(snapshot.matches({ waiting: { activation: 'takingLong' } }));
    },
    stop() {
      view?.unmount();
      actor?.stop();
    },
  };
}

describe('thank-you step: generated paths of its wait', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await runPathOnView(path, practiceActivationPathSpec, thankYouAdapter());
    });
  }
});
