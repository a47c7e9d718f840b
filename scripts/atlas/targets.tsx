/**
 * The machines the screen atlas photographs, each with the REAL view(s) that render it — the same
 * components, actors and fake edges the view path tests use (tests/model/onboarding.test.tsx,
 * sign-in-flows-views.test.tsx, practice-flows-views.test.tsx): the real machine from the registry spec, inert
 * fake actors (their results are path events), inert effect actions (navigation, storage,
 * redirects), and the view given the actor directly or through the seams (seams-plugin.ts).
 */

import { Container, Stack, Title } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactElement, useState } from 'react';
import { useIntl } from 'react-intl';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import type { SessionUser } from '#machines/domain';
import { hubConnectionMachine } from '#machines/hub-connection.machine';
import { hasProfileStepTag, type ProfileStepSnapshot } from '#machines/profile-step.machine';
import {
  type LoginRequest,
  type LogoutRequest,
  type SessionCheckResult,
  selectIsProviderUnreachable,
  sessionMachine,
} from '#machines/session.machine';
import { userStoreMachine } from '#machines/user-store.machine';
import { RootActorsProvider } from '../../src/app/actors-context';
import { BootstrapView } from '../../src/app/bootstrap-view';
import { existingRealtime, idleCodeRecovery, type RootActors } from '../../src/app/root-actors';
import { RouteErrorScreen } from '../../src/app/route-error';
import type { RouterContext } from '../../src/app/router-context';
import { ConnectionStatus } from '../../src/realtime/connection-status';
import { HubConnectionActorContext } from '../../src/realtime/context';
import { LiveUpdatesNotice } from '../../src/realtime/live-updates-notice';
import { LoadingView } from '../../src/ui/loading-screen';
import { NewVersionPrompt } from '../../src/ui/new-version-prompt';
import { supportLinksOf } from '../../src/ui/support-defaults';
import { AuthRedirectView } from '../../src/views/auth-redirect/auth-redirect-view';
import { EmailVerificationUnverifiedView } from '../../src/views/email-verification/email-verification-unverified-view';
import { EmailVerificationVerifiedView } from '../../src/views/email-verification/email-verification-verified-view';
import { NoAccessView } from '../../src/views/errors/no-access-view';
import { NotFoundView } from '../../src/views/errors/not-found-view';
import { RedirectedView } from '../../src/views/errors/redirected-view';
import { ServerErrorView } from '../../src/views/errors/server-error-view';
import { JoinPracticeCodeView } from '../../src/views/join-practice/join-practice-code-view';
import {
  JoinPracticeLinkView,
  joinPracticeLinkMessages,
} from '../../src/views/join-practice/join-practice-link-view';
import { LandingView } from '../../src/views/landing/landing-view';
import type { OnboardingActor } from '../../src/views/onboarding/onboarding-actor';
import { OnboardingView } from '../../src/views/onboarding/onboarding-view';
import { PortalRedirectView } from '../../src/views/portal-redirect/portal-redirect-view';
import { SessionProviderUnreachableView } from '../../src/views/session/session-provider-unreachable-view';
import { SessionSignInPendingView } from '../../src/views/session/session-sign-in-pending-view';
import { BusyView } from '../../src/views/shared/busy-view';
import { ProfileStepForm } from '../../src/views/shared/profile-step-form';
import { SwitchPracticeView } from '../../src/views/switch-practice/switch-practice-view';
import { appBootstrapPathSpec } from '../../tests/model/app-bootstrap.model';
import { authRedirectPathSpec } from '../../tests/model/auth-redirect.model';
import { buildCheckPathSpec } from '../../tests/model/build-check.model';
import { emailVerificationPathSpec } from '../../tests/model/email-verification.model';
import { hubConnectionPathSpec } from '../../tests/model/hub-connection.model';
import { joinPracticePathSpec } from '../../tests/model/join-practice.model';
import { landingPathSpec } from '../../tests/model/landing.model';
import { loadingPathSpec } from '../../tests/model/loading.model';
import { onboardingPathSpec } from '../../tests/model/onboarding.model';
import { portalRedirectPathSpec } from '../../tests/model/portal-redirect.model';
import { profileStepPathSpec } from '../../tests/model/profile-step.model';
import { sessionPathSpec } from '../../tests/model/session.model';
import { switchPracticePathSpec } from '../../tests/model/switch-practice.model';
import type { PathSpec } from '../../tests/support/paths';
import { fakedMachine } from '../viewer/walker';
import type { ScreenName } from './names';
import { type AtlasScreenSet, type AtlasTarget, atlasConfig, inertEffects } from './target';

function EmailVerificationScreen({ actor }: { actor: AnyActorRef }) {
  const screen = useSelector(actor, (s: { context: { screen?: string } }) => s.context.screen);
  return screen === 'unverified' ? (
    <EmailVerificationUnverifiedView actor={actor as never} />
  ) : (
    <EmailVerificationVerifiedView actor={actor as never} />
  );
}

/** Joining a practice: the route's screen of the way the user came (/invite or /invite-code). */
function JoinPracticeScreen({ actor }: { actor: AnyActorRef }) {
  const via = useSelector(actor, (s: { context: { via: 'link' | 'code' } }) => s.context.via);
  return via === 'link' ? (
    <JoinPracticeLinkView actor={actor as never} />
  ) : (
    <JoinPracticeCodeView actor={actor as never} />
  );
}

/**
 * The profile step as the invitation link's screen shows it (the join-practice screens select the
 * running child; the parent's paths only see an inert fake): its heading and the step's form while
 * the step asks for a profile, else the page's busy screen.
 */
function ProfileStepScreen({ actor }: { actor: AnyActorRef }) {
  const intl = useIntl();
  const form = useSelector(actor, (s: ProfileStepSnapshot) => hasProfileStepTag(s, 'profileForm'));
  if (!form) return <BusyView page heading={intl.formatMessage(joinPracticeLinkMessages.loading)} />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{intl.formatMessage(joinPracticeLinkMessages.profileTitle)}</Title>
        <ProfileStepForm
          step={actor as never}
          user={atlasUser}
          onSubmit={(profile) => actor.send({ type: 'profile.submit', profile })}
        />
      </Stack>
    </Container>
  );
}

/** The session as the shell shows it: the provider-unreachable screen in place of the page, else the guard's screen. */
function SessionScreen({ actor }: { actor: AnyActorRef }) {
  const unreachable = useSelector(actor, selectIsProviderUnreachable);
  if (unreachable) {
    return (
      <SessionProviderUnreachableView
        {...supportLinksOf(atlasConfig.app)}
        onRetry={() => undefined}
        onBack={() => undefined}
      />
    );
  }
  return (
    <SessionSignInPendingView
      session={actor as never}
      supportUrl={atlasConfig.app.supportUrl ?? '/'}
      onRetry={() => undefined}
      onHome={() => undefined}
      onLogout={() => undefined}
    />
  );
}

export const atlasTargets: AtlasTarget[] = [
  {
    name: 'onboarding',
    spec: onboardingPathSpec as PathSpec,
    search: { pin: undefined, practiceKey: 'pk-1' },
    params: { directoryPracticeKey: 'dir-1' },
    machine: () => fakedMachine(onboardingPathSpec as PathSpec),
    render: (actor) => <OnboardingView actor={actor as OnboardingActor} />,
  },
  {
    name: 'emailVerification',
    spec: emailVerificationPathSpec as PathSpec,
    machine: () => inertEffects(emailVerificationPathSpec as PathSpec),
    render: (actor) => <EmailVerificationScreen actor={actor} />,
  },
  {
    name: 'joinPractice',
    spec: joinPracticePathSpec as PathSpec,
    screenOf: (input) => ((input as { via: 'link' | 'code' }).via === 'link' ? '/invite' : '/invite-code'),
    machine: () => inertEffects(joinPracticePathSpec as PathSpec),
    render: (actor) => <JoinPracticeScreen actor={actor} />,
  },
  {
    name: 'profileStep',
    spec: profileStepPathSpec as PathSpec,
    machine: () => inertEffects(profileStepPathSpec as PathSpec),
    render: (actor) => <ProfileStepScreen actor={actor} />,
  },
  {
    name: 'landing',
    spec: landingPathSpec as PathSpec,
    machine: () => inertEffects(landingPathSpec as PathSpec),
    render: (actor) => <LandingView actor={actor as never} />,
  },
  {
    name: 'switchPractice',
    spec: switchPracticePathSpec as PathSpec,
    machine: () => inertEffects(switchPracticePathSpec as PathSpec),
    render: (actor) => <SwitchPracticeView actor={actor as never} />,
  },
  {
    name: 'authRedirect',
    spec: authRedirectPathSpec as PathSpec,
    machine: () => inertEffects(authRedirectPathSpec as PathSpec),
    render: (actor) => <AuthRedirectView actor={actor as never} />,
  },
  {
    name: 'session',
    spec: sessionPathSpec as PathSpec,
    machine: () => inertEffects(sessionPathSpec as PathSpec),
    render: (actor) => <SessionScreen actor={actor} />,
  },
  {
    name: 'buildCheck',
    spec: buildCheckPathSpec as PathSpec,
    machine: () => inertEffects(buildCheckPathSpec as PathSpec),
    // The prompt shows over whatever page is open: a page heading stands in for it.
    render: (actor) => (
      <>
        <Title order={1} p="md">
          Any page
        </Title>
        <NewVersionPrompt actorRef={actor as never} inline />
      </>
    ),
  },
  {
    name: 'portalRedirect',
    spec: portalRedirectPathSpec as PathSpec,
    machine: () => inertEffects(portalRedirectPathSpec as PathSpec),
    render: () => <PortalRedirectView />,
  },
  {
    name: 'loading',
    spec: loadingPathSpec as PathSpec,
    machine: () => fakedMachine(loadingPathSpec as PathSpec),
    // A whole-page loading screen (the bootstrap's, a busy page's): hidden content, the spinner
    // after the pop-in, the long-loading message; the page's content once loaded.
    render: (actor) => (
      <LoadingView
        actor={actor as never}
        heading="Loading the practice details..."
        headingOrder={1}
        supportUrl={atlasConfig.app.supportUrl ?? '/'}
        onLogout={() => undefined}
      >
        <Title order={1} p="md">
          Any page
        </Title>
      </LoadingView>
    ),
  },
  {
    name: 'hubConnection',
    spec: hubConnectionPathSpec as PathSpec,
    machine: () => fakedMachine(hubConnectionPathSpec as PathSpec),
    // The shell's 'Reconnecting…' notice and the live lists' note, over whatever page is open.
    render: (actor) => (
      <HubConnectionActorContext.Provider value={actor as never}>
        <Title order={1} p="md">
          Any page
        </Title>
        <LiveUpdatesNotice />
        <ConnectionStatus />
      </HubConnectionActorContext.Provider>
    ),
  },
  {
    name: 'appBootstrap',
    spec: appBootstrapPathSpec as PathSpec,
    machine: () => fakedMachine(appBootstrapPathSpec as PathSpec),
    render: (actor) => (
      <BootstrapView
        actor={actor as never}
        onLogout={() => undefined}
        ready={() => (
          <Title order={1} p="md">
            The app
          </Title>
        )}
      />
    ),
  },
];

/** The root actors with the real session machine, signed in as `user` or signed out (provider faked). */
function rootActorsOf(user: SessionUser | null): RootActors {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        checkSession: fromPromise<SessionCheckResult>(async () =>
          user
            ? { kind: 'signedIn', user, returnTo: null, callbackErrorCode: null }
            : { kind: 'signedOut', callbackErrorCode: null },
        ),
        loginWithRedirect: fromPromise<void, LoginRequest>(async () => undefined),
        logout: fromPromise<void, LogoutRequest>(async () => undefined),
      },
    }),
  ).start();
  return {
    session,
    realtime: existingRealtime({
      hubConnection: createActor(hubConnectionMachine).start(),
      userStore: createActor(userStoreMachine, { input: undefined }).start(),
    }),
    codeRecovery: idleCodeRecovery(),
  };
}

/**
 * The router's error boundary as the app shows it (src/app/routes.tsx `errorComponent`): the real
 * RouteErrorScreen in a memory router, with the root actors (signed in shows Logout).
 */
function RouteErrorFrame({ user }: { user: SessionUser | null }) {
  const [{ actors, router }] = useState(() => {
    const actors = rootActorsOf(user);
    const error = new Error('the page could not be shown');
    const rootRoute = createRootRouteWithContext<RouterContext>()({
      component: () => <RouteErrorScreen error={error} reset={() => undefined} />,
    });
    const router = createRouter({
      routeTree: rootRoute,
      history: createMemoryHistory({ initialEntries: ['/'] }),
      context: { actors, config: atlasConfig },
    });
    return { actors, router };
  });
  return (
    <RootActorsProvider actors={actors}>
      <RouterProvider router={router} />
    </RootActorsProvider>
  );
}

const atlasUser: SessionUser = { sub: 'auth0|atlas', name: 'Ada Lovelace', email: 'ada@example.test' };

/** The screens no machine drives (scripts/atlas/names.ts `screensWithoutMachine`): the router's error screens. */
const errorScreens: Record<ScreenName<'errorScreens'>, () => ReactElement> = {
  routeError: () => <RouteErrorFrame user={null} />,
  routeErrorSignedIn: () => <RouteErrorFrame user={atlasUser} />,
  notFound: () => <NotFoundView />,
  serverError: () => <ServerErrorView onRetry={() => undefined} />,
  noAccess: () => <NoAccessView />,
  redirected: () => <RedirectedView />,
};

export const atlasScreenSets: AtlasScreenSet[] = [{ name: 'errorScreens', screens: errorScreens }];
