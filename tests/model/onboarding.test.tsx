// @vitest-environment jsdom
import { act, fireEvent, type RenderResult, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { UserPractice } from '#machines/domain';
import { type onboardingMachine, selectStep } from '#machines/onboarding.machine';
import { type OnboardingStepId, onboardingStepIds, progressOf } from '#machines/onboarding-steps';
import { practiceActivationMachine } from '#machines/practice-activation.machine';
import type { OnboardingActor, OnboardingSnapshot } from '../../src/views/onboarding/onboarding-actor';
import { OnboardingView } from '../../src/views/onboarding/onboarding-view';
import {
  coverageOf,
  generatePaths,
  type PathStep,
  runPathOnMachine,
  runPathOnView,
  type ViewAdapter,
} from '../support/paths';
import { renderWithProviders } from '../support/render';
import { fixtures, onboardingPathMachine, onboardingPathSpec } from './onboarding.model';

/**
 * Generated path tests of the onboarding machine: every path on the real machine, then every path
 * on the rendered onboarding screens, with the machine replayed alongside as the oracle.
 */

const paths = generatePaths(onboardingPathSpec);

describe('onboarding machine: generated paths', () => {
  it('reach every state and transition', () => {
    const coverage = coverageOf(onboardingPathSpec, paths);
    expect({ states: coverage.states.missing, transitions: coverage.transitions.missing }).toEqual({
      states: [],
      transitions: [],
    });
    expect(new Set(paths.map((p) => p.inputIndex)).size).toBe(onboardingPathSpec.inputs?.length);
  });
  for (const path of paths) {
    it(path.description, () => {
      runPathOnMachine(path, onboardingPathSpec);
    });
  }
});

// ───────────────────────────── the rendered screens ─────────────────────────────

const inert = (): Record<string, AnyActorLogic> => {
  const never = fromPromise(() => new Promise<never>(() => {}));
  return {
    verifyPin: never,
    getSessionUser: never,
    signUp: never,
    signIn: never,
    loadProfile: never,
    createProfile: never,
    fetchDevices: never,
    registerPractice: never,
    loadDirectoryPractice: never,
    practiceActivation: practiceActivationMachine.provide({
      actors: {
        fetchUserPractices: fromPromise(() => new Promise<UserPractice[]>(() => {})),
        watchUserPractices: fromCallback(() => undefined),
      },
    }),
  };
};

const top = (s: OnboardingSnapshot): string =>
  typeof s.value === 'string' ? s.value : (Object.keys(s.value)[0] ?? '');
const button = (name: string) => screen.queryByRole('button', { name });
/**
 * A step's box hidden as the view hides the step rendered ahead (invisible and inert, decision
 * 185) or the step just left (not displayed).
 */
const isHiddenStep = (e: HTMLElement): boolean =>
  e.hasAttribute('inert') || e.style.display === 'none' || e.style.visibility === 'hidden';
/** Shown: not inside a hidden step (the next step is mounted ahead, decision 045). */
const isShown = (element: Element): boolean => {
  for (let e: Element | null = element; e; e = e.parentElement) {
    if (e instanceof HTMLElement && isHiddenStep(e)) return false;
  }
  return true;
};
const text = (t: string) => screen.queryAllByText(t).some(isShown);
/** 'Step n of total' of a step, as the step table numbers it (spec §2). */
const stepOf = (step: OnboardingStepId): string => {
  const progress = progressOf(step);
  return progress ? `Step ${progress.position} of ${progress.total}` : '';
};

function onboardingViewAdapter(): ViewAdapter<OnboardingSnapshot> {
  let view: RenderResult | null = null;
  let actor: OnboardingActor | null = null;
  const clock = new SimulatedClock();

  /** User events through the screen where the screen makes it easy; form submissions by event. */
  async function userEvent(step: PathStep): Promise<boolean> {
    const a = actor as OnboardingActor;
    switch (step.event.type) {
      case 'pin.skip':
        fireEvent.click(
          screen.getByRole('button', { name: 'Continue without setting up a hub and scanner' }),
        );
        return true;
      case 'pin.submit': {
        const inputs = screen.getByTestId('pin-input').querySelectorAll('input');
        '1234'.split('').forEach((digit, i) => {
          fireEvent.change(inputs[i] as HTMLInputElement, { target: { value: digit } });
        });
        await act(async () => {
          fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
        });
        await waitFor(() => expect(a.getSnapshot().matches({ pin: 'verifying' })).toBe(true));
        return true;
      }
      case 'account.create':
        fireEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
        return true;
      case 'practice.completeProfile':
        fireEvent.click(screen.getByRole('button', { name: 'Complete your profile' }));
        return true;
      case 'region.select': {
        const region = (step.event as unknown as { region: string }).region;
        fireEvent.click(screen.getByLabelText(region === 'uk' ? 'United Kingdom' : 'Australia'));
        return true;
      }
      default:
        return false;
    }
  }

  return {
    heading: (snapshot) => {
      switch (selectStep(snapshot)) {
        case 'pin':
          return 'Set up your practice';
        case 'account':
          return 'Create your account';
        case 'profile':
          return 'Your profile';
        case 'practice':
          return 'Your practice';
        case 'thankYou':
          return 'Thank you!';
        case 'directoryPractice':
          return snapshot.hasTag('accountExists') || snapshot.hasTag('linkFailed')
            ? 'Oops! Something went wrong'
            : 'Loading the practice details...';
        default:
          // A step of the step table without its text here: its screen shows one heading.
          return /\S/;
      }
    },
    start(input) {
      actor = createActor(onboardingPathMachine.provide({ actors: inert() }) as typeof onboardingMachine, {
        input: input as never,
        clock,
      });
      actor.start();
      view = renderWithProviders(<OnboardingView actor={actor} />);
    },
    async perform(step) {
      const a = actor as OnboardingActor;
      if (step.event.type.startsWith('xstate.after.')) {
        act(() => clock.increment(step.delayMs));
        return;
      }
      if (await userEvent(step)) return;
      act(() => a.send(step.event as never));
    },
    async check(snapshot) {
      // The replayed oracle and the screen's actor are in the same state.
      expect((actor as OnboardingActor).getSnapshot().value).toEqual(snapshot.value);
      // The screen shown is the one of the machine's step tag (and only that one).
      const shownSteps = [...document.querySelectorAll<HTMLElement>('[data-onboarding-step]')]
        .filter((e) => !isHiddenStep(e))
        .map((e) => e.dataset.onboardingStep);
      expect(shownSteps).toEqual([selectStep(snapshot)]);
      // Every other step's box is out of the tab order and the accessibility tree (inert).
      for (const e of document.querySelectorAll<HTMLElement>('[data-onboarding-step]'))
        if (e.dataset.onboardingStep !== selectStep(snapshot)) expect(e.hasAttribute('inert')).toBe(true);
      const busy = snapshot.hasTag('busy');
      // A pending request shows its spinner only after the pop-in (decision 042; the timing is
      // tested below): never when the machine is not busy.
      const spinner = (name: string) => button(name)?.hasAttribute('data-loading') === true;
      switch (top(snapshot)) {
        case 'pin': {
          expect(text('Set up your practice')).toBe(true);
          if (!busy) expect(spinner('Continue')).toBe(false);
          const error = snapshot.context.error;
          expect(text('Invalid pin, please try again.')).toBe(error?.code === 'pinInvalid');
          if (error?.code === 'pinRejected') expect(text(error.messages.join(', '))).toBe(true);
          expect(text('Too many attempts. Please wait 42 seconds and try again.')).toBe(
            error?.code === 'pinLimited',
          );
          break;
        }
        case 'account':
          expect(text(stepOf('account'))).toBe(true);
          // The chooser shows throughout (also while the session is checked), busy while the
          // browser leaves for the identity provider.
          expect(button('Sign up with Google')?.hasAttribute('disabled')).toBe(
            snapshot.matches({ account: 'signingUp' }),
          );
          expect(text('The sign-up could not start, please try again.')).toBe(
            snapshot.context.error?.code === 'signUpFailed',
          );
          break;
        case 'profile':
          expect(text(stepOf('profile'))).toBe(true);
          expect(screen.queryAllByLabelText(/First name/).some(isShown)).toBe(
            !snapshot.matches({ profile: 'loading' }),
          );
          if (!snapshot.matches({ profile: 'loading' })) {
            if (!busy) expect(spinner('Continue')).toBe(false);
          }
          {
            // A failure that is not validation: the server's words when it gave any, else the default.
            const error = snapshot.context.error;
            const message = error?.code === 'profileFailed' ? error.message : null;
            expect(text('An error occurred, please try again')).toBe(
              error?.code === 'profileFailed' && message === null,
            );
            if (message !== null) expect(text(message)).toBe(true);
          }
          break;
        case 'practice': {
          expect(text(stepOf('practice'))).toBe(true);
          // The form shows at once; submitting waits for the devices of the pin.
          const submitting =
            snapshot.matches({ practice: 'submitting' }) || snapshot.matches({ practice: 'signingIn' });
          const fetching = snapshot.matches({ practice: { filling: 'fetchingDevices' } });
          if (!submitting) expect(spinner('Register practice')).toBe(false);
          if (!submitting) expect(button('Register practice')?.hasAttribute('disabled')).toBe(fetching);
          const error = snapshot.context.error;
          const noProfile = snapshot.matches({ practice: { filling: { editing: 'noProfile' } } });
          expect(snapshot.hasTag('noProfile')).toBe(noProfile);
          expect(text('No profile registration found.')).toBe(noProfile);
          // The way on from it (decision 044).
          expect(screen.queryAllByRole('button', { name: 'Complete your profile' }).some(isShown)).toBe(
            noProfile,
          );
          expect(text('Practice exists')).toBe(error?.code === 'practiceFailed');
          expect(text('The sign-in could not start, please try again.')).toBe(error?.code === 'signInFailed');
          await waitFor(() => expect(text('Check the form')).toBe(error?.code === 'practiceRejected'));
          expect(
            text('The devices of your companion app could not be loaded. You can continue without them.'),
          ).toBe(error?.code === 'devicesUnavailable');
          expect(text('Too many attempts. Please wait 42 seconds and try again.')).toBe(
            error?.code === 'devicesLimited',
          );
          expect(screen.queryAllByTestId('onboarding-devices').some(isShown)).toBe(
            snapshot.context.devices.length > 0,
          );
          const region = snapshot.context.draft.practice?.environment ?? 'au';
          expect(text(region === 'uk' ? 'CRN' : 'ABN')).toBe(true);
          break;
        }
        case 'thankYou':
          expect(text('Thank you!')).toBe(true);
          expect(text('We are activating your practice, this can take a couple of minutes...')).toBe(true);
          expect(screen.queryByRole('status') !== null).toBe(
            // The wait is the step's child (its own model and view paths: practice-activation.*);
            // here it has only just started.
            false,
          );
          break;
        case 'directoryPractice':
          expect(text('Loading the practice details...')).toBe(
            snapshot.matches({ directoryPractice: 'loading' }),
          );
          // Spec §8: the title of both failure cases (the link cannot load, the account exists).
          expect(text('Oops! Something went wrong')).toBe(
            snapshot.matches({ directoryPractice: 'failed' }) ||
              snapshot.matches({ directoryPractice: 'accountExists' }),
          );
          expect(
            text(
              'An account already exists for Paws & Claws. Please contact your practice administration team and request an invite to Paws & Claws',
            ),
          ).toBe(snapshot.matches({ directoryPractice: 'accountExists' }));
          break;
        case 'verifyingEmail':
        case 'redirecting':
        case 'leaving':
          // Final: the browser is leaving this screen.
          expect(snapshot.status).toBe('done');
          break;
        default:
          // A step of the step table without checks of its own here: its screen is the one shown
          // (checked above for every state).
          expect(onboardingStepIds).toContain(top(snapshot));
          expect(snapshot.status).toBe('active');
      }
    },
    stop() {
      view?.unmount();
      actor?.stop();
    },
  };
}

describe('onboarding screens: generated paths', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await runPathOnView(path, onboardingPathSpec, onboardingViewAdapter());
    });
  }
});

/**
 * Decision 042: a submit changes nothing on screen at first; only a request still running after
 * the pop-in (500 ms) shows the button's spinner (and locks the pin). Real machine, fake timers
 * for the busy indicator; the onboarding actor's invoked work never answers.
 */
describe('onboarding screens: the spinner of a slow request pops in', () => {
  const cases = [
    {
      name: 'pin → Continue',
      input: onboardingPathSpec.inputs?.[0],
      reach: [] as { type: string }[],
      submit: { type: 'pin.submit', pin: '1234' },
      button: 'Continue',
    },
    {
      name: 'profile → Continue',
      input: onboardingPathSpec.inputs?.[2],
      reach: [{ type: 'xstate.done.actor.loadProfile', output: { user: fixtures.user, profile: null } }],
      submit: { type: 'profile.submit', profile: fixtures.profile },
      button: 'Continue',
    },
    {
      name: 'practice → Register practice',
      input: onboardingPathSpec.inputs?.[3],
      reach: [{ type: 'xstate.done.actor.fetchDevices', output: [] }],
      submit: { type: 'practice.submit', practice: fixtures.practice },
      button: 'Register practice',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const actor = createActor(
        onboardingPathMachine.provide({ actors: inert() }) as typeof onboardingMachine,
        { input: c.input as never },
      );
      actor.start();
      const view = renderWithProviders(<OnboardingView actor={actor} />);
      try {
        for (const e of c.reach) act(() => actor.send(e as never));
        const spinner = () => button(c.button)?.hasAttribute('data-loading') === true;
        expect(spinner()).toBe(false);
        act(() => actor.send(c.submit as never));
        expect(actor.getSnapshot().hasTag('busy')).toBe(true);
        expect(spinner()).toBe(false);
        act(() => vi.advanceTimersByTime(499));
        expect(spinner()).toBe(false);
        act(() => vi.advanceTimersByTime(1));
        expect(spinner()).toBe(true);
        if (c.name.startsWith('pin')) {
          for (const input of screen
            .getByTestId('pin-input')
            .querySelectorAll<HTMLInputElement>('input:not([type=hidden])')) {
            expect(input.readOnly).toBe(true);
          }
        }
      } finally {
        view.unmount();
        actor.stop();
        vi.useRealTimers();
      }
    });
  }
});
