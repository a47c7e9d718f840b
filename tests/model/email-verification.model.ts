import type { SessionUser } from '#machines/domain';
import { type EmailVerificationInput, emailVerificationMachine } from '#machines/email-verification.machine';
import { definePathSpec, doneEvent, outputOf, unchanged } from '../support/paths';
import { ada } from './session.model';

/**
 * Path model of the email-verification machine (machines/email-verification.machine.ts).
 * Payload variants cover every guard branch; everything else is derived from the real machine.
 */

export const emailVerificationPathSpec = definePathSpec({
  name: 'emailVerification',
  machine: emailVerificationMachine,
  inputs: [
    { screen: 'unverified', returnTo: '/next' },
    { screen: 'verified', email: 'ada@example.test', user: ada, storedPage: '/switch-practice' },
    { screen: 'verified', email: 'someone.else@example.test', user: ada, storedPage: null },
    { screen: 'verified', email: 'ada@example.test', user: null },
    { screen: 'verified', email: null, user: null },
  ],
  events: {
    'xstate.done.actor.refreshSession': [
      doneEvent('refreshSession', { ...ada, email_verified: true }),
      doneEvent('refreshSession', ada),
    ],
  },
  // Every second of the countdown is a distinct state (the last tick takes another branch).
  serializeContext: (s) => ({
    screen: s.context.screen,
    signedIn: s.context.signedIn,
    emailParam: s.context.emailParam,
    cooldownSeconds: s.context.cooldownSeconds,
    errorCode: s.context.errorCode,
  }),
  // Spec §2 /auth/unverified-email and /auth/verified-email: another user's link signs out; the
  // verified screen verifies; the unverified one resends (with a countdown) and checks.
  expected: {
    initial: (input: EmailVerificationInput) => {
      if (input.screen === 'unverified') return ['awaiting.resend.ready', 'awaiting.check.idle'];
      const linkEmail = (input.email ?? '').toLowerCase();
      if (input.user && input.email && linkEmail !== (input.user.email ?? '').toLowerCase())
        return 'signingOut';
      // No address to tell the API about (signed out, no email parameter): thanked, no call.
      return input.user || input.email ? 'verifying' : 'verified';
    },
    on: {
      'email.resend': {
        'awaiting.resend.ready': 'awaiting.resend.sending',
        'awaiting.resend.failed': 'awaiting.resend.sending',
      },
      'xstate.done.actor.resendVerificationEmail': 'awaiting.resend.sent.counting',
      'xstate.error.actor.resendVerificationEmail': 'awaiting.resend.failed',
      'xstate.after.cooldownTick': ({ before }) =>
        before.context.cooldownSeconds <= 1 ? 'awaiting.resend.ready' : 'awaiting.resend.sent.counting',
      'email.verifiedRemotely': 'awaiting.check.checking',
      // Without the live state (its code could not load) the screen stays as it is: the buttons.
      'xstate.error.actor.watchEmailVerified': unchanged,
      'email.confirm': {
        'awaiting.check.idle': 'awaiting.check.checking',
        'awaiting.check.stillUnverified': 'awaiting.check.checking',
        'awaiting.check.failed': 'awaiting.check.checking',
      },
      'xstate.done.actor.refreshSession': ({ event }) =>
        outputOf<SessionUser>(event).email_verified ? 'movingOn' : 'awaiting.check.stillUnverified',
      'xstate.error.actor.refreshSession': 'awaiting.check.failed',
      'xstate.done.actor.verifyEmail': 'verified',
      'xstate.error.actor.verifyEmail': 'failed',
      'email.retry': 'verifying',
      // The verified screen's link on: the machine navigates (to the stored page), the state stays.
      'email.continue': { verified: unchanged, failed: unchanged },
    },
  },
  states: {
    movingOn: (s) => {
      if (!s.hasTag('busy')) throw new Error('movingOn must be busy');
    },
  },
});
