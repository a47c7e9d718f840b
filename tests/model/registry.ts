/**
 * Every machine with generated path tests. One entry per machine, added by the machine's owner:
 * `{ name, spec }` where `spec` is the PathSpec exported from `tests/model/<name>.model.ts`.
 * `tests/model/coverage.test.ts` and `scripts/path-coverage.ts` require 100 % states and
 * transitions for each entry. See tests/support/README.md.
 */
import type { AnyStateMachine } from 'xstate';
import type { PathSpec } from '../support/paths';
import { appBootstrapPathSpec } from './app-bootstrap.model';
import { authRedirectPathSpec } from './auth-redirect.model';
import { buildCheckPathSpec } from './build-check.model';
import { busyIndicatorPathSpec } from './busy-indicator.model';
import { codeRecoveryPathSpec } from './code-recovery.model';
import { emailVerificationPathSpec } from './email-verification.model';
import { failureExitsPathSpec } from './failure-exits.model';
import { hubConnectionPathSpec } from './hub-connection.model';
import { joinPracticePathSpec } from './join-practice.model';
import { landingPathSpec } from './landing.model';
import { loadingPathSpec } from './loading.model';
import { onboardingPathSpec } from './onboarding.model';
import { portalRedirectPathSpec } from './portal-redirect.model';
import { practiceActivationPathSpec } from './practice-activation.model';
import { profileStepPathSpec } from './profile-step.model';
import { sessionPathSpec } from './session.model';
import { switchPracticePathSpec } from './switch-practice.model';
import { userStorePathSpec } from './user-store.model';

export interface RegistryEntry {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: specs of different machines live in one list
  spec: PathSpec<any> | PathSpec<AnyStateMachine>;
}

export const registry: RegistryEntry[] = [
  { name: 'buildCheck', spec: buildCheckPathSpec },
  { name: 'loading', spec: loadingPathSpec },
  { name: 'busyIndicator', spec: busyIndicatorPathSpec },
  { name: 'hubConnection', spec: hubConnectionPathSpec },
  { name: 'userStore', spec: userStorePathSpec },
  { name: 'session', spec: sessionPathSpec },
  { name: 'emailVerification', spec: emailVerificationPathSpec },
  { name: 'authRedirect', spec: authRedirectPathSpec },
  { name: 'failureExits', spec: failureExitsPathSpec },
  { name: 'onboarding', spec: onboardingPathSpec },
  { name: 'practiceActivation', spec: practiceActivationPathSpec },
  { name: 'appBootstrap', spec: appBootstrapPathSpec },
  { name: 'landing', spec: landingPathSpec },
  { name: 'switchPractice', spec: switchPracticePathSpec },
  { name: 'joinPractice', spec: joinPracticePathSpec },
  { name: 'profileStep', spec: profileStepPathSpec },
  { name: 'portalRedirect', spec: portalRedirectPathSpec },
  { name: 'codeRecovery', spec: codeRecoveryPathSpec },
];
