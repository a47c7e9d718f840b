// @vitest-environment jsdom
import { act, fireEvent, type RenderResult, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, type AnyActorLogic, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { authRedirectMachine } from '#machines/auth-redirect.machine';
import { emailVerificationMachine } from '#machines/email-verification.machine';
import { AuthRedirectView } from '../../src/views/auth-redirect/auth-redirect-view';
import { EmailVerificationUnverifiedView } from '../../src/views/email-verification/email-verification-unverified-view';
import { EmailVerificationVerifiedView } from '../../src/views/email-verification/email-verification-verified-view';
import { generatePaths, type PathStep, runPathOnView, type ViewAdapter } from '../support/paths';
import { renderWithProviders } from '../support/render';
import { authRedirectPathSpec } from './auth-redirect.model';
import { emailVerificationPathSpec } from './email-verification.model';

/**
 * The auth screens driven along the generated paths of their machines: user events are clicks,
 * invoke results arrive as the effects would deliver them, delays are fake time. After every step
 * the DOM must show what the machine (replayed alongside as the oracle) says.
 */

const never = fromPromise<never>(() => new Promise<never>(() => undefined));
const inert = (names: string[]): Record<string, AnyActorLogic> =>
  Object.fromEntries(names.map((name) => [name, never]));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function click(name: string | RegExp) {
  act(() => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

function deliver(actor: { send(event: PathStep['event']): void }, step: PathStep) {
  act(() => {
    if (step.delayMs > 0) vi.advanceTimersByTime(step.delayMs);
    else actor.send(step.event);
  });
}

type EmailSnapshot = SnapshotFrom<typeof emailVerificationMachine>;

function emailVerificationAdapter(): ViewAdapter<EmailSnapshot> {
  let view: RenderResult | null = null;
  let actor: ActorRefFrom<typeof emailVerificationMachine> | null = null;
  const navigations: string[] = [];
  let lastEvent: string | null = null;
  return {
    heading: (snapshot) =>
      snapshot.context.screen === 'unverified'
        ? 'Please verify your email'
        : snapshot.matches('verified')
          ? 'Thank you for verifying your email.'
          : snapshot.matches('failed')
            ? "We couldn't verify your email"
            : 'Verifying your email',
    start(input) {
      actor = createActor(
        emailVerificationMachine.provide({
          actors: inert(['resendVerificationEmail', 'refreshSession', 'verifyEmail']) as never,
          actions: { navigate: (_, { to }) => navigations.push(to), logoutLocallyAndReload: () => undefined },
        }),
        { input: input as never },
      );
      actor.start();
      const screenName = (input as { screen: string }).screen;
      view = renderWithProviders(
        screenName === 'unverified' ? (
          <EmailVerificationUnverifiedView actor={actor} />
        ) : (
          <EmailVerificationVerifiedView actor={actor} />
        ),
      );
    },
    perform(step) {
      if (!actor) throw new Error('not started');
      lastEvent = step.event.type;
      switch (step.event.type) {
        case 'email.resend':
          click('Resend verification Email');
          return;
        case 'email.confirm':
          click("I've verified my email");
          return;
        case 'email.retry':
          click('Try again');
          return;
        case 'email.continue':
          fireEvent.click(screen.getByRole('link', { name: 'Continue' }));
          return;
        default:
          deliver(actor, step);
      }
    },
    check(snapshot) {
      const text = (t: string | RegExp) => screen.queryByText(t) !== null;
      if (snapshot.context.screen === 'unverified' && snapshot.matches('awaiting')) {
        expect({
          resent: text('We have sent you another verification email.'),
          resendFailed: text("We couldn't send the verification email. Please try again."),
          stillUnverified: text(/Your email address is not verified yet/),
          checkFailed: text("We couldn't check your verification status. Please try again."),
          resendDisabled: screen
            .getByRole('button', { name: 'Resend verification Email' })
            .hasAttribute('disabled'),
          countdown: text(new RegExp(`in ${snapshot.context.cooldownSeconds} seconds?\\.`)),
        }).toEqual({
          resent: snapshot.hasTag('resent'),
          resendFailed: snapshot.hasTag('resendFailed'),
          stillUnverified: snapshot.hasTag('stillUnverified'),
          checkFailed: snapshot.hasTag('checkFailed'),
          resendDisabled: snapshot.context.cooldownSeconds > 0 || snapshot.hasTag('resending'),
          countdown: snapshot.context.cooldownSeconds > 0,
        });
      }
      if (snapshot.matches('movingOn')) expect(navigations.at(-1)).toBe(snapshot.context.returnTo);
      // The link on goes where the machine says: the stored page.
      if (lastEvent === 'email.continue') expect(navigations.at(-1)).toBe(snapshot.context.storedPage);
      if (snapshot.context.screen === 'verified') {
        expect({
          thanks: text('Thank you for verifying your email.'),
          failed: text("We couldn't verify your email"),
          busy: screen.queryByLabelText('Verifying your email') !== null,
        }).toEqual({
          thanks: snapshot.matches('verified'),
          failed: snapshot.matches('failed'),
          busy: !snapshot.matches('verified') && !snapshot.matches('failed'),
        });
        if (snapshot.matches('verified')) {
          expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
            snapshot.context.storedPage,
          );
        }
      }
    },
    stop() {
      view?.unmount();
      actor?.stop();
    },
  };
}

type RedirectSnapshot = SnapshotFrom<typeof authRedirectMachine>;

function authRedirectAdapter(): ViewAdapter<RedirectSnapshot> {
  let view: RenderResult | null = null;
  let actor: ActorRefFrom<typeof authRedirectMachine> | null = null;
  const navigations: string[] = [];
  const logins: unknown[] = [];
  return {
    heading: (snapshot) =>
      snapshot.matches('failed')
        ? "We couldn't sign you in"
        : snapshot.matches('wrongProvider')
          ? /^This email is registered with /
          : 'Signing you in...',
    start() {
      actor = createActor(
        authRedirectMachine.provide({
          actors: inert(['awaitSession', 'checkProfileExists', 'findAlternateProvider']) as never,
          actions: {
            navigate: (_, { to }) => navigations.push(to),
            login: (_, params) => logins.push(params),
          },
        }),
      );
      actor.start();
      view = renderWithProviders(<AuthRedirectView actor={actor} />);
    },
    perform(step) {
      if (!actor) throw new Error('not started');
      switch (step.event.type) {
        case 'redirect.retry':
          click('Sign in again');
          return;
        case 'redirect.home':
          click('Go to the home page');
          return;
        case 'redirect.useAlternate':
          click(/^Sign in with /);
          return;
        case 'redirect.continue':
          click('Continue with this account');
          return;
        default:
          deliver(actor, step);
      }
    },
    check(snapshot) {
      expect({
        failed: screen.queryByText("We couldn't sign you in") !== null,
        wrongProvider: screen.queryByText(/^This email is registered with /) !== null,
        busy: screen.queryByLabelText('Signing you in') !== null,
      }).toEqual({
        failed: snapshot.matches('failed'),
        wrongProvider: snapshot.matches('wrongProvider'),
        busy: !snapshot.matches('failed') && !snapshot.matches('wrongProvider'),
      });
      if (snapshot.matches('leaving')) expect(navigations.at(-1)).toBe(snapshot.context.returnTo);
      if (snapshot.matches('restartingLogin')) expect(logins.length).toBeGreaterThan(0);
    },
    stop() {
      view?.unmount();
      actor?.stop();
    },
  };
}

describe('email verification screens along the generated paths', () => {
  for (const path of generatePaths(emailVerificationPathSpec)) {
    it(path.description, async () => {
      await runPathOnView(path, emailVerificationPathSpec, emailVerificationAdapter());
    });
  }
});

describe('/auth/redirect screen along the generated paths', () => {
  for (const path of generatePaths(authRedirectPathSpec)) {
    it(path.description, async () => {
      await runPathOnView(path, authRedirectPathSpec, authRedirectAdapter());
    });
  }
});
