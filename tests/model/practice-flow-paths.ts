/**
 * What the path specs of the practice flows share (landing, switch practice, profile step, join
 * practice, portal redirect): the fixtures and the readers of events. Each flow's spec is in
 * tests/model/<flow>.model.ts.
 */
import type { EventObject } from 'xstate';
import type { ActivePracticeResponse } from '#machines/domain';
import type { CallFailure, SessionAnswer } from '#machines/practice-flow';
import { failure, fixtures, userStates } from '#machines/practice-flow.fixtures';
import { errorOf, outputOf } from '../support/paths';

export { failure, fixtures, userStates };

/** An event literal with its payload (EventObject has no index signature). */
export const ev = <T extends EventObject>(event: T): EventObject => event;

/** What the expectations read from an event: a session answer, a failure's status, a practice. */
export const signedIn = ({ event }: { event: EventObject }) => outputOf<SessionAnswer>(event).user !== null;
export const statusOf = ({ event }: { event: EventObject }) => errorOf<CallFailure>(event).status;
export const hasActivePractice = ({ event }: { event: EventObject }) => {
  const active = outputOf<ActivePracticeResponse>(event).activePractice;
  return Boolean(active?.hasActivePractice && active.environmentUrl);
};
export const stepFailed = ({ event }: { event: EventObject }) =>
  outputOf<{ result: string } | undefined>(event)?.result === 'failed';
export const keyOf = (event: EventObject) => (event as EventObject & { practiceKey: string }).practiceKey;

export const done = (id: string, ...outputs: unknown[]) =>
  outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
export const error = (id: string, ...errors: unknown[]) =>
  errors.map((e) => ({ type: `xstate.error.actor.${id}`, error: e }));
