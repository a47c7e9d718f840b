/**
 * Path spec of the thank-you step's wait (machines/practice-activation.machine.ts): the real
 * machine with 'taking long' after 3 polls instead of 24 (the real value is asserted by the
 * machine test and shown in the diagram), payload variants for the practices it is told about.
 * Used by tests/model/practice-activation.test.tsx and the registry (tests/model/registry.ts).
 */
import type { EventObject, SnapshotFrom } from 'xstate';
import { onboardingDelays } from '#machines/constants';
import type { UserPractice } from '#machines/domain';
import { practiceActivationMachine } from '#machines/practice-activation.machine';
import { definePathSpec, outputOf, type StepExpectations, unchanged } from '../support/paths';

export const listedPractice = {
  practiceKey: 'pk-1',
  practiceName: 'Harbour Vets',
  environment: 'au',
  environmentUrl: 'http://au.test/practice/pk-1',
} satisfies UserPractice;

const other = { ...listedPractice, practiceKey: 'pk-2', environmentUrl: 'http://au.test/practice/pk-2' };

export const practiceActivationPathMachine = practiceActivationMachine.provide({
  delays: { activationTakingLong: 3 * onboardingDelays.activationPoll },
});

const ev = <T extends EventObject>(event: T): EventObject => event;

type Snapshot = SnapshotFrom<typeof practiceActivationMachine>;

const listedIn = (practices: UserPractice[], s: Snapshot) =>
  practices.some((p) => p.practiceKey === s.context.practiceKey);
const initial = ['waiting.activation.waiting', 'waiting.updates.polling.fetching'];

/**
 * Spec §4 (thank-you step, decision 100): the wait ends when the practice is listed, from a poll
 * or a pushed update; polling rests between polls and stops while updates are pushed.
 */
const expected: StepExpectations<typeof practiceActivationPathMachine> = {
  initial,
  on: {
    'practices.update': ({ before, event }) =>
      listedIn((event as EventObject & { practices: UserPractice[] }).practices, before)
        ? 'activated'
        : unchanged,
    // Falls back to polling; as the machine is today the activation region restarts too (the
    // 'taking long' message and its timer start again), see docs/testing.md.
    'xstate.error.actor.watchUserPractices': initial,
    // 'Taking long' is due after a whole number of polls: a poll that is resting fires with it.
    'xstate.after.activationTakingLong': ({ before }) =>
      before.matches({ waiting: { updates: { polling: 'resting' } } })
        ? ['waiting.activation.takingLong', 'waiting.updates.polling.fetching']
        : 'waiting.activation.takingLong',
    'realtime.connected': 'waiting.updates.pushed',
    'xstate.done.actor.fetchUserPractices': ({ before, event }) =>
      listedIn(outputOf<UserPractice[]>(event), before) ? 'activated' : 'waiting.updates.polling.resting',
    'xstate.error.actor.fetchUserPractices': 'waiting.updates.polling.resting',
    'xstate.after.activationPoll': 'waiting.updates.polling.fetching',
    'realtime.disconnected': 'waiting.updates.polling.fetching',
  },
};

export const practiceActivationPathSpec = definePathSpec({
  name: 'practiceActivation',
  machine: practiceActivationPathMachine,
  inputs: [{ practiceKey: 'pk-1' }],
  events: {
    'practices.update': [
      ev({ type: 'practices.update', practices: [] }),
      ev({ type: 'practices.update', practices: [other] }),
      ev({ type: 'practices.update', practices: [other, listedPractice] }),
    ],
    'xstate.done.actor.fetchUserPractices': [
      ev({ type: 'xstate.done.actor.fetchUserPractices', output: [] }),
      ev({ type: 'xstate.done.actor.fetchUserPractices', output: [listedPractice] }),
    ],
  },
  expected,
});
