// @vitest-environment jsdom
import { act, fireEvent, type RenderResult, screen, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
} from 'xstate';
import type { Invite, Profile, UserPractice } from '#machines/domain';
import {
  type JoinPracticeView,
  joinPracticeMachine,
  selectJoinPracticeView,
} from '#machines/join-practice.machine';
import { selectLandingView } from '#machines/landing.machine';
import type { SessionAnswer } from '#machines/practice-flow';
import {
  type ProfileStepSnapshot,
  profileStepMachine,
  selectProfileStepFailure,
  selectProfileStepSaving,
} from '#machines/profile-step.machine';
import { RuntimeConfigContext } from '../../src/ui/runtime-config';
import { JoinPracticeCodeView } from '../../src/views/join-practice/join-practice-code-view';
import { JoinPracticeLinkView } from '../../src/views/join-practice/join-practice-link-view';
import { LandingView } from '../../src/views/landing/landing-view';
import { ProfileStepForm } from '../../src/views/shared/profile-step-form';
import { SwitchPracticeView } from '../../src/views/switch-practice/switch-practice-view';
import {
  generatePaths,
  type MachinePath,
  type PathSpec,
  runPathOnView,
  type ViewAdapter,
} from '../support/paths';
import { renderWithProviders } from '../support/render';
import { viewConfig } from '../support/view-config';
import { joinPracticePathSpec } from './join-practice.model';
import { landingPathSpec } from './landing.model';
import { failure, fixtures } from './practice-flow-paths';
import { profileStepPathSpec } from './profile-step.model';
import { switchPracticePathSpec } from './switch-practice.model';

/** Joining a practice: the route's screen of the way the user came (/invite or /invite-code). */
function JoinPracticeScreen({ actor }: { actor: AnyActorRef }) {
  const via = useSelector(actor, (s: { context: { via: string } }) => s.context.via);
  return via === 'link' ? (
    <JoinPracticeLinkView actor={actor as never} />
  ) : (
    <JoinPracticeCodeView actor={actor as never} />
  );
}

/** The one heading (h1) each join-practice screen shows, by way in and view. */
function headingOf(link: boolean, view: JoinPracticeView): string {
  if (!link) return 'Join with an invite code';
  const headings: Partial<Record<JoinPracticeView, string>> = {
    signupChooser: "You've been invited to join a practice",
    profileForm: 'Create your profile',
    emailUnverified: 'Please verify your email',
    otherPractice: 'This invite is not for you',
    inviteNotFound: 'This invite is no longer valid',
  };
  return headings[view] ?? 'Accepting your invite…';
}

/**
 * The practice and invite screens driven along the generated paths of their machines: user events
 * are clicks and typing on the rendered view, invoke results and store updates come from the
 * edge (sent to the actor), delays are fake time. After every step the rendered actor must be in
 * the oracle's state and the DOM must show what the machine's selectors say.
 */

type Snap = { value: unknown; hasTag(tag: string): boolean; context: Record<string, unknown> };

/** Inert fakes for every actor the machine invokes (the path delivers their results). */
function inertActors(machine: AnyStateMachine): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(machine.implementations.actors ?? {})) {
    out[name] =
      name === 'watchUserState'
        ? fromCallback(() => undefined)
        : fromPromise(() => new Promise<never>(() => {}));
  }
  return out;
}

interface ScreenDriver {
  render(actor: AnyActorRef): ReactElement;
  /** Perform a user event through the DOM; return false to let the adapter send it as is. */
  user(event: EventObject, actor: AnyActorRef): Promise<boolean> | boolean;
  check(snapshot: Snap): void;
  /** The screen's one page heading in this state, or null (runPathOnView checks it). */
  heading(snapshot: Snap): string | RegExp | null;
}

function adapterFor(spec: PathSpec, driver: ScreenDriver, fakeTime = false): ViewAdapter<Snap> {
  let view: RenderResult | null = null;
  let actor: AnyActorRef | null = null;
  const actions = vi.fn();
  return {
    heading: (snapshot) => driver.heading(snapshot),
    start(input) {
      const noop = new Proxy(
        {},
        {
          get:
            () =>
            (...args: unknown[]) =>
              actions(...args),
        },
      );
      const machine = spec.machine.provide({
        actors: inertActors(spec.machine) as never,
        actions: Object.fromEntries(
          Object.keys(spec.machine.implementations.actions ?? {})
            .filter((name) => !name.startsWith('assign'))
            .map((name) => [name, (noop as Record<string, unknown>)[name]]),
        ) as never,
      });
      actor = createActor(machine, { input: input as never });
      actor.start();
      const created = actor;
      view = renderWithProviders(
        <RuntimeConfigContext.Provider value={viewConfig}>
          {driver.render(created)}
        </RuntimeConfigContext.Provider>,
      );
    },
    async perform(step) {
      const current = actor;
      if (!current) throw new Error('not started');
      const type = step.event.type;
      if (type.startsWith('xstate.after.')) {
        act(() => {
          if (fakeTime) vi.advanceTimersByTime(step.delayMs);
        });
        return;
      }
      if (type.startsWith('xstate.') || type.startsWith('userState.')) {
        act(() => current.send(step.event));
        return;
      }
      const before = JSON.stringify(current.getSnapshot().value);
      const handled = await driver.user(step.event, current);
      if (!handled) act(() => current.send(step.event));
      // A user event either moves the machine or (guarded) leaves it where the oracle says.
      const settled = () =>
        expect(
          JSON.stringify(current.getSnapshot().value) !== before ||
            JSON.stringify(step.state.value) === before,
        ).toBe(true);
      if (fakeTime) settled();
      else await waitFor(settled);
    },
    check(snapshot) {
      expect(actor?.getSnapshot().value).toEqual(snapshot.value);
      driver.check(snapshot);
    },
    stop() {
      view?.unmount();
      actor?.stop();
    },
  };
}

const click = (name: string | RegExp) => {
  fireEvent.click(screen.getByRole('button', { name }));
  return true;
};

const loginButtons: Record<string, string> = {
  windowslive: 'Microsoft',
  apple: 'Apple',
  'google-oauth2': 'Google',
  null: 'Email',
};

/**
 * Fills and submits the profile form when the screen shows it ready (not saving), and waits until
 * the page actor has received the `profile.submit` (Formik submits asynchronously); otherwise
 * the adapter sends the event as is (the page forwards it to the profile step, which ignores it).
 */
async function fillProfileAndSubmit(actor: AnyActorRef): Promise<boolean> {
  const submit = screen.queryByRole('button', { name: 'Continue' }) as HTMLButtonElement | null;
  if (!screen.queryByRole('form', { name: 'Your profile' }) || !submit || submit.disabled) return false;
  let received = false;
  const inspection = actor.system.inspect((ev) => {
    if (ev.type === '@xstate.event' && ev.actorRef === actor && ev.event.type === 'profile.submit') {
      received = true;
    }
  });
  fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '0412345678' } });
  fireEvent.change(screen.getByLabelText(/^Date of birth/), { target: { value: '1990-01-31' } });
  fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Noah' } });
  fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Brown' } });
  fireEvent.click(screen.getByLabelText(/privacy policy/));
  fireEvent.click(submit);
  await waitFor(() => expect(received).toBe(true));
  inspection.unsubscribe();
  return true;
}

/** The rendered profile step: the form (saving or not) and a rejected answer's field error. */
function checkProfileStep(s: ProfileStepSnapshot): void {
  const submit = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
  expect(submit.disabled).toBe(selectProfileStepSaving(s));
  // (Shown errors stay in the form's state; the step only drops its failure when it is done.)
  if (selectProfileStepFailure(s) !== null) {
    expect(screen.queryAllByText('Phone is invalid').length).toBeGreaterThan(0);
  }
}

const drivers: Array<{
  spec: PathSpec;
  driver: ScreenDriver;
  fakeTime?: boolean;
}> = [
  {
    spec: landingPathSpec as PathSpec,
    fakeTime: true,
    driver: {
      render: (actor) => <LandingView actor={actor as never} />,
      heading: (s) =>
        ({ chooser: 'Welcome', noActivePractice: 'No active practice', busy: 'Finding your practice…' })[
          selectLandingView(s)
        ],
      user: (event) => {
        const connection = String((event as { connection?: unknown }).connection ?? null);
        return click(`Sign in with ${loginButtons[connection]}`);
      },
      check: (s) => {
        const view = selectLandingView(s);
        expect(screen.queryByRole('group', { name: 'Choose a login method' }) !== null).toBe(
          view === 'chooser',
        );
        expect(screen.queryByText('No active practice') !== null).toBe(view === 'noActivePractice');
        expect(screen.queryByTestId('busy-screen') !== null).toBe(view === 'busy');
      },
    },
  },
  {
    spec: switchPracticePathSpec as PathSpec,
    driver: {
      render: (actor) => <SwitchPracticeView actor={actor as never} />,
      heading: () => 'Switch practice',
      user: (event) => {
        const key = (event as { practiceKey?: string }).practiceKey;
        switch (event.type) {
          case 'practice.choose': {
            const button = screen.queryByRole('button', { name: /^Open .*Bondi Beach Vets$/ });
            if (key !== 'au-bondi' || !button) return false;
            fireEvent.click(button);
            return true;
          }
          case 'invite.accept': {
            const button = screen.queryByRole('button', { name: 'Accept invite to Camden Town Vets' });
            if (key !== 'uk-camden' || !button) return false;
            fireEvent.click(button);
            return true;
          }
          case 'email.verify':
            return click('Verify my email');
          case 'inviteCode.open':
            return click('Join with an invite code');
          case 'practice.register':
            return screen.queryByRole('button', { name: 'Register a practice' })
              ? click('Register a practice')
              : false;
          case 'switchPractice.retry':
            return click('Try again');
          default:
            return false;
        }
      },
      check: (s) => {
        const loading = s.hasTag('busy') && s.context.selected === null && s.context.inviteKey === null;
        if (s.context.errorCode === 'load_failed' && !s.hasTag('busy')) {
          expect(screen.getByText('We could not load your practices.')).toBeTruthy();
          return;
        }
        if (loading) {
          expect(screen.getByTestId('busy-screen')).toBeTruthy();
          return;
        }
        expect(screen.getByRole('heading', { name: 'Pending invites' })).toBeTruthy();
        expect(screen.queryByText(/Please verify your email address/) !== null).toBe(
          s.hasTag('emailUnverified'),
        );
        const practices = s.context.practices as unknown[];
        expect(screen.queryAllByTestId('practice-card')).toHaveLength(practices.length);
        // Prefix rule: UK portal is visible, AU is not (the user's email is not the product's domain).
        if (practices.length > 0) expect(screen.getByText('Bondi Beach Vets')).toBeTruthy();
      },
    },
  },
  {
    spec: joinPracticePathSpec as PathSpec,
    driver: {
      render: (actor) => <JoinPracticeScreen actor={actor} />,
      heading: (s) =>
        headingOf(
          s.context.via === 'link',
          selectJoinPracticeView(s as unknown as Parameters<typeof selectJoinPracticeView>[0]),
        ),
      user: async (event, actor) => {
        switch (event.type) {
          case 'signup.choose': {
            const connection = String((event as { connection?: unknown }).connection ?? null);
            return click(`Sign up with ${loginButtons[connection]}`);
          }
          case 'login.choose': {
            const connection = String((event as { connection?: unknown }).connection ?? null);
            return click(`Sign in with ${loginButtons[connection]}`);
          }
          case 'profile.submit':
            return fillProfileAndSubmit(actor);
          case 'email.verify':
            return click('Verify my email');
          case 'switchPractice.open':
            return click('Go to my practices');
          case 'code.submit': {
            const code = (event as { code?: string }).code ?? '';
            // A blank code never leaves the form (required); the machine's guard is the backstop.
            if (code.trim() === '') return false;
            const input = screen.getByLabelText(/^Invite code/) as HTMLInputElement;
            fireEvent.change(input, { target: { value: code } });
            expect(input.value).toBe(code.toUpperCase());
            fireEvent.click(screen.getByRole('button', { name: 'Join practice' }));
            return true;
          }
          default:
            return false;
        }
      },
      check: (s) => {
        const view = selectJoinPracticeView(s as unknown as Parameters<typeof selectJoinPracticeView>[0]);
        // The screen of the way in (its heading: the driver's `heading`), and what the machine's
        // tags say it shows.
        expect(screen.queryByRole('group', { name: 'Choose a login method' }) !== null).toBe(
          view === 'signupChooser' || view === 'loginChooser',
        );
        // The link signs up, the code signs in (four login methods each).
        expect(screen.queryAllByRole('button', { name: /^Sign up with/ })).toHaveLength(
          view === 'signupChooser' ? 4 : 0,
        );
        expect(screen.queryAllByRole('button', { name: /^Sign in with/ })).toHaveLength(
          view === 'loginChooser' ? 4 : 0,
        );
        // The profile step is the child's (an inert fake here: the busy screen); its form is
        // driven along its own paths below.
        expect(screen.queryByRole('form', { name: 'Your profile' }) !== null).toBe(view === 'profileForm');
        expect(screen.queryByText('Please verify your email') !== null).toBe(view === 'emailUnverified');
        expect(screen.queryByText('This invite is not for you') !== null).toBe(view === 'otherPractice');
        expect(screen.queryByText('This invite is no longer valid') !== null).toBe(view === 'inviteNotFound');
        const codeInput = screen.queryByLabelText(/^Invite code/) as HTMLInputElement | null;
        expect(codeInput !== null).toBe(view === 'codeForm');
        expect(screen.queryByTestId('busy-screen') !== null).toBe(view === 'busy');
        if (s.context.errorCode === 'code_rejected' && view === 'codeForm') {
          expect(screen.getByRole('alert').textContent).toContain(String(s.context.serverMessage));
        }
      },
    },
  },
  {
    spec: profileStepPathSpec as PathSpec,
    driver: {
      // The form the join-practice screens show while the step asks for a profile, on the real
      // child: it reads saving and the failure from the step's own snapshot.
      render: (actor) => (
        <ProfileStepForm
          step={actor as never}
          user={fixtures.verifiedUser}
          onSubmit={(profile) => actor.send({ type: 'profile.submit', profile })}
        />
      ),
      // A part of the page: the join-practice screen around it has the heading.
      heading: () => null,
      user: async (event, actor) => (event.type === 'profile.submit' ? fillProfileAndSubmit(actor) : false),
      check: (s) => checkProfileStep(s as unknown as ProfileStepSnapshot),
    },
  },
];

afterEach(() => {
  vi.useRealTimers();
});

for (const { spec, driver, fakeTime } of drivers) {
  const paths: MachinePath[] = generatePaths(spec);
  describe(`${spec.name} screen: generated paths`, () => {
    for (const path of paths) {
      it(path.description, async () => {
        if (fakeTime) vi.useFakeTimers();
        await runPathOnView(path, spec, adapterFor(spec, driver, fakeTime));
      });
    }
  });
}

/** A promise settled from outside (a call the test answers when it wants). */
function deferred<T>() {
  let settle = { resolve: (_: T) => {}, reject: (_: unknown) => {} };
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

const pending = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<never>(() => {}));

/**
 * The join-practice screens re-render when only the profile step changes (its changes do not
 * change the parent's snapshot): the real machine with the real child, whose calls the test
 * answers one by one.
 */
describe('the profile step inside the join-practice screens', () => {
  it.each([
    { via: 'link', practiceKey: 'uk-camden', redirectUri: null },
    { via: 'code', forceLogin: null, code: 'joinau01' },
  ] as const)('$via: busy, the form, saving, a rejected answer, then on', async (input) => {
    const check = deferred<boolean>();
    const saves = [deferred<void>(), deferred<void>()];
    const actor = createActor(
      joinPracticeMachine.provide({
        actors: {
          awaitSession: fromPromise<SessionAnswer>(async () => ({ user: fixtures.verifiedUser })),
          profileStep: profileStepMachine.provide({
            actors: {
              checkProfileExists: fromPromise(() => check.promise),
              createProfile: fromPromise<void, { profile: Profile }>(
                () => saves.shift()?.promise ?? new Promise<never>(() => {}),
              ),
            },
          }),
          fetchPendingInvites: pending<Invite[]>(),
          acceptInvite: pending<UserPractice, { practiceKey: string }>(),
          joinWithCode: pending<UserPractice, { inviteCode: string }>(),
        },
        actions: { storeInvite: () => undefined, clearInvite: () => undefined, login: () => undefined },
      }),
      { input },
    ).start();
    const [first, second] = saves;
    const view = renderWithProviders(
      <RuntimeConfigContext.Provider value={viewConfig}>
        <JoinPracticeScreen actor={actor} />
      </RuntimeConfigContext.Provider>,
    );
    try {
      await waitFor(() => expect(actor.getSnapshot().matches('profileStep')).toBe(true));
      expect(screen.getByTestId('busy-screen')).toBeTruthy();
      await act(async () => check.resolve(false));
      expect(await screen.findByRole('form', { name: 'Your profile' })).toBeTruthy();
      const submit = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
      expect(submit().disabled).toBe(false);
      expect(await fillProfileAndSubmit(actor)).toBe(true);
      await waitFor(() => expect(submit().disabled).toBe(true));
      await act(async () => first?.reject(failure(400, 'Phone is invalid', { phone: ['Phone is invalid'] })));
      await waitFor(() => expect(submit().disabled).toBe(false));
      expect(screen.queryAllByText('Phone is invalid').length).toBeGreaterThan(0);
      // A corrected phone clears the server's error on the field; the next save goes through.
      fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '0412999888' } });
      fireEvent.click(submit());
      await waitFor(() => expect(submit().disabled).toBe(true));
      await act(async () => second?.resolve());
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Your profile' })).toBeNull());
      expect(actor.getSnapshot().matches(input.via === 'link' ? 'loadingInvites' : 'enteringCode')).toBe(
        true,
      );
    } finally {
      view.unmount();
      actor.stop();
    }
  });
});
