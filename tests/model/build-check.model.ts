import { buildCheckMachine } from '../../machines/build-check.machine';
import { definePathSpec, doneEvent, errorEvent } from '../support/paths';

const fetched = [
  doneEvent('fetchBuildInfo', { buildTime: 'v1' }),
  doneEvent('fetchBuildInfo', { buildTime: 'v2' }),
];

/**
 * Path model of the build-check machine. Inputs: first visit (no cookie), returning visitor on v1,
 * and a tab that already reloaded for v2 after a chunk failure. The server answers v1 or v2, or fails.
 */
export const buildCheckPathSpec = definePathSpec({
  name: 'build-check',
  machine: buildCheckMachine,
  inputs: [{ storedVersion: null }, { storedVersion: 'v1' }, { storedVersion: 'v1', chunkReloadedFor: 'v2' }],
  events: {
    'xstate.done.actor.fetchBuildInfo': fetched,
    'xstate.error.actor.fetchBuildInfo': [errorEvent('fetchBuildInfo', new Error('offline'))],
  },
  states: {
    updateAvailable: (s) => {
      if (s.context.latestVersion === null || s.context.latestVersion === s.context.storedVersion) {
        throw new Error('the prompt must offer a build different from the running one');
      }
    },
  },
});
