import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { type FailureExitsEvent, type FailureExitsInput, failureExitsMachine } from './failure-exits.machine';
import type { NavigateParams } from './practice-flow';

function start(input: FailureExitsInput) {
  const navigations: NavigateParams[] = [];
  let reruns = 0;
  let backOnline = (): void => undefined;
  const actor = createActor(
    failureExitsMachine.provide({
      actions: {
        navigate: (_, params) => navigations.push(params),
        rerun: () => {
          reruns += 1;
        },
      },
      actors: {
        watchOnline: fromCallback<FailureExitsEvent>(({ sendBack }) => {
          backOnline = () => sendBack({ type: 'exit.retry' });
        }),
      },
    }),
    { input },
  ).start();
  return { actor, navigations, reruns: () => reruns, backOnline: () => backOnline() };
}

describe('failure screens: the ways out', () => {
  it('/server-error: Try again, and coming back online, return to the stored page in its place', () => {
    const { actor, navigations, reruns, backOnline } = start({
      retryTo: '/invite?x=1',
      retryWhenOnline: true,
    });
    actor.send({ type: 'exit.retry' });
    backOnline();
    expect(navigations).toEqual([
      { to: '/invite?x=1', replace: true },
      { to: '/invite?x=1', replace: true },
    ]);
    expect(reruns()).toBe(0);
  });

  it('the sign-in pending screen: Try again runs the guard again, Home goes to /', () => {
    const { actor, navigations, reruns } = start({ retryTo: null, retryWhenOnline: false });
    actor.send({ type: 'exit.retry' });
    actor.send({ type: 'exit.home' });
    expect(reruns()).toBe(1);
    expect(navigations).toEqual([{ to: '/' }]);
  });
});
