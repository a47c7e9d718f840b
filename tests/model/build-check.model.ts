import type { BuildInfo } from '#machines/build-check.machine';
import { buildCheckMachine } from '#machines/build-check.machine';
import { definePathSpec, doneEvent, errorEvent, outputOf } from '../support/paths';

const fetched = [
  doneEvent('fetchBuildInfo', { buildTime: 'v1' }),
  doneEvent('fetchBuildInfo', { buildTime: 'v2' }),
];

/**
 * Path model of the build-check machine. Inputs: first visit (no cookie), returning visitor on v1,
 * and a tab that already reloaded for v2 after a chunk failure. The server answers v1 or v2, or fails.
 */
export const buildCheckPathSpec = definePathSpec({
  name: 'buildCheck',
  machine: buildCheckMachine,
  inputs: [{ storedVersion: null }, { storedVersion: 'v1' }, { storedVersion: 'v1', chunkReloadedFor: 'v2' }],
  events: {
    'xstate.done.actor.fetchBuildInfo': fetched,
    'xstate.error.actor.fetchBuildInfo': [errorEvent('fetchBuildInfo', new Error('offline'))],
  },
  // Spec §2 "Build freshness": the first answer is only remembered; later a build that is neither
  // the running one nor a dismissed one prompts; after a chunk failure a build not yet reloaded
  // for reloads at once, else it prompts like a check.
  expected: {
    initial: 'startupCheck',
    on: {
      'build.chunkFailed': 'verifyingChunkFailure',
      'app.visible': 'checking',
      'xstate.after.recheckInterval': 'checking',
      'build.reload': 'reloading',
      'build.dismiss': 'upToDate',
      'xstate.error.actor.fetchBuildInfo': 'upToDate',
      'xstate.done.actor.fetchBuildInfo': {
        startupCheck: 'upToDate',
        checking: ({ before, event }) => {
          const build = outputOf<BuildInfo>(event).buildTime;
          const { storedVersion, dismissedVersion } = before.context;
          return build !== storedVersion && build !== dismissedVersion ? 'updateAvailable' : 'upToDate';
        },
        verifyingChunkFailure: ({ before, event }) => {
          const build = outputOf<BuildInfo>(event).buildTime;
          const { storedVersion, dismissedVersion, chunkReloadedFor } = before.context;
          if (build === storedVersion) return 'upToDate';
          if (build !== chunkReloadedFor) return 'reloading';
          return build !== dismissedVersion ? 'updateAvailable' : 'upToDate';
        },
      },
    },
  },
  states: {
    updateAvailable: (s) => {
      if (s.context.latestVersion === null || s.context.latestVersion === s.context.storedVersion) {
        throw new Error('the prompt must offer a build different from the running one');
      }
    },
  },
});
