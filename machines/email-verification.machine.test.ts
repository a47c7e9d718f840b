import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { SessionUser } from './domain';
import { type EmailVerificationEvent, emailVerificationMachine } from './email-verification.machine';

const ada: SessionUser = { sub: 'auth0|ada', email: 'ada@example.test', email_verified: true };

/** A machine whose status watcher is recorded: started, stopped, and able to report a verification. */
function withWatcher() {
  const watcher = { started: 0, stopped: 0, report: (): void => undefined };
  const machine = emailVerificationMachine.provide({
    actors: {
      watchEmailVerified: fromCallback<EmailVerificationEvent>(({ sendBack }) => {
        watcher.started += 1;
        watcher.report = () => sendBack({ type: 'email.verifiedRemotely' });
        return () => {
          watcher.stopped += 1;
        };
      }),
      refreshSession: fromPromise(() => new Promise<SessionUser>(() => undefined)),
      verifyEmail: fromPromise(() => new Promise<void>(() => undefined)),
    },
  });
  return { machine, watcher };
}

describe('email verification: the status from the real-time connection (watchEmailVerified)', () => {
  it('is watched while the unverified screen awaits, and a verification reported there checks it', () => {
    const { machine, watcher } = withWatcher();
    const actor = createActor(machine, { input: { screen: 'unverified', returnTo: '/next' } }).start();
    expect(watcher.started).toBe(1);
    watcher.report();
    expect(actor.getSnapshot().matches({ awaiting: { check: 'checking' } })).toBe(true);
    actor.stop();
    expect(watcher.stopped).toBe(1);
  });

  it('is not watched on the verified screen', () => {
    const { machine, watcher } = withWatcher();
    createActor(machine, { input: { screen: 'verified', email: ada.email, user: ada } }).start();
    expect(watcher.started).toBe(0);
  });

  it('a watcher that fails leaves the screen as it was', () => {
    const machine = emailVerificationMachine.provide({
      actors: {
        watchEmailVerified: fromCallback(() => {
          throw new Error('live state unavailable');
        }),
      },
    });
    const actor = createActor(machine, { input: { screen: 'unverified' } }).start();
    expect(actor.getSnapshot().value).toEqual({ awaiting: { resend: 'ready', check: 'idle' } });
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('email verification: the verified screen', () => {
  const verifying = () => {
    const posted: Array<{ email: string; authenticated: boolean }> = [];
    const machine = emailVerificationMachine.provide({
      actors: {
        verifyEmail: fromPromise<void, { email: string; authenticated: boolean }>(async ({ input }) => {
          posted.push(input);
        }),
      },
    });
    return { machine, posted };
  };

  it('opened signed out without an email parameter never posts an empty address, and still thanks', () => {
    const { machine, posted } = verifying();
    for (const email of [undefined, null, '', '   ']) {
      const actor = createActor(machine, { input: { screen: 'verified', email, user: null } }).start();
      expect(actor.getSnapshot().value).toBe('verified');
      actor.stop();
    }
    expect(posted).toEqual([]);
  });

  it('posts the link’s address when signed out, and the user’s when signed in without one', async () => {
    const { machine, posted } = verifying();
    createActor(machine, { input: { screen: 'verified', email: 'bob@example.test', user: null } }).start();
    createActor(machine, { input: { screen: 'verified', user: ada } }).start();
    await Promise.resolve();
    expect(posted).toEqual([
      { email: 'bob@example.test', authenticated: false },
      { email: ada.email, authenticated: true },
    ]);
  });
});
