/**
 * The machines the screen atlas photographs, each with the REAL view(s) that render it — the same
 * components, actors and fake edges the view path tests use (tests/model/onboarding.test.tsx,
 * auth-views.test.tsx, practices-views.test.tsx): the real machine from the registry spec, inert
 * fake actors (their results are path events), inert effect actions (navigation, storage,
 * redirects), and the view given the actor directly or through the seams (seams-plugin.ts).
 */
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { OnboardingActor } from '../../src/app/live/onboarding';
import { UnverifiedEmailView } from '../../src/views/auth/unverified-email-page';
import { VerifiedEmailView } from '../../src/views/auth/verified-email-page';
import { InviteCodeView } from '../../src/views/invites/invite-code-page';
import { InviteView } from '../../src/views/invites/invite-page';
import { LandingView } from '../../src/views/landing/landing-page';
import { OnboardingSteps } from '../../src/views/onboarding/onboarding-flow';
import { SwitchPracticeView } from '../../src/views/practices/switch-practice-page';
import { emailVerificationPathSpec } from '../../tests/model/auth.model';
import { onboardingPathSpec } from '../../tests/model/onboarding.model';
import {
  inviteCodeSpec,
  inviteSpec,
  landingSpec,
  switchPracticeSpec,
} from '../../tests/model/practices.model';
import type { PathSpec } from '../../tests/support/paths';
import { fakedMachine } from '../viewer/walker';
import { type AtlasTarget, inertEffects } from './target';

function EmailVerificationScreen({ actor }: { actor: AnyActorRef }) {
  const screen = useSelector(actor, (s: { context: { screen?: string } }) => s.context.screen);
  return screen === 'unverified' ? (
    <UnverifiedEmailView actor={actor as never} />
  ) : (
    <VerifiedEmailView actor={actor as never} onNavigate={() => undefined} />
  );
}

export const atlasTargets: AtlasTarget[] = [
  {
    name: 'onboarding',
    spec: onboardingPathSpec as PathSpec,
    search: { pin: undefined, practiceKey: 'pk-1' },
    params: { directoryPracticeKey: 'dir-1' },
    machine: () => fakedMachine(onboardingPathSpec as PathSpec),
    render: (actor) => <OnboardingSteps actor={actor as OnboardingActor} />,
  },
  {
    name: 'emailVerification',
    spec: emailVerificationPathSpec as PathSpec,
    machine: () => inertEffects(emailVerificationPathSpec as PathSpec),
    render: (actor) => <EmailVerificationScreen actor={actor} />,
  },
  {
    name: 'invite',
    spec: inviteSpec as PathSpec,
    machine: () => inertEffects(inviteSpec as PathSpec),
    render: (actor) => <InviteView actor={actor as never} />,
  },
  {
    name: 'inviteCode',
    spec: inviteCodeSpec as PathSpec,
    machine: () => inertEffects(inviteCodeSpec as PathSpec),
    render: (actor) => <InviteCodeView actor={actor as never} />,
  },
  {
    name: 'landing',
    spec: landingSpec as PathSpec,
    machine: () => inertEffects(landingSpec as PathSpec),
    render: (actor) => <LandingView actor={actor as never} />,
  },
  {
    name: 'switchPractice',
    spec: switchPracticeSpec as PathSpec,
    machine: () => inertEffects(switchPracticeSpec as PathSpec),
    render: (actor) => <SwitchPracticeView actor={actor as never} />,
  },
];
