/**
 * Loading screen timing (spec §2 "Loading screen", §4 "Loading", §9 loading constants).
 *
 * - Content is hidden until the pop-in delay (500 ms); with `keepContentVisible` it stays visible
 *   until then. If loading ends before the pop-in, content shows at once and no spinner flashes.
 * - After the pop-in the spinner shows and stays at least `minimumDisplay` (2000 ms), even if
 *   loading ends sooner: content shows when BOTH the minimum display is over AND loading ended.
 * - At `longLoading` (15000 ms after loading started) the long-loading message is added
 *   ('Sorry!', contact us, Logout).
 * - `loading.start` starts a new loading period from `done`.
 *
 * The view contract is the tags (`content`, `spinner`, `longLoading`) and the selectors below.
 * This machine is the only owner of these timers: views hold none.
 */
import { setup } from 'xstate';
import { loadingDelays } from './constants';

export interface LoadingInput {
  /** Keep the children visible until the pop-in delay (instead of hiding them at once). */
  keepContentVisible?: boolean;
  /** Start already loaded (content shows at once). Default: loading. */
  loaded?: boolean;
}

export interface LoadingContext {
  keepContentVisible: boolean;
  startsLoaded: boolean;
}

export type LoadingEvent = { type: 'loading.done' } | { type: 'loading.start' };

export const loadingMachine = setup({
  types: {
    input: {} as LoadingInput,
    context: {} as LoadingContext,
    events: {} as LoadingEvent,
    tags: {} as 'content' | 'spinner' | 'longLoading',
  },
  guards: {
    keepsContentVisible: ({ context }) => context.keepContentVisible,
    startsLoaded: ({ context }) => context.startsLoaded,
  },
  delays: {
    popInDelay: loadingDelays.popInDelay,
    minimumDisplay: loadingDelays.minimumDisplay,
    longLoading: loadingDelays.longLoading,
  },
}).createMachine({
  id: 'loading',
  context: ({ input }) => ({
    keepContentVisible: input.keepContentVisible ?? false,
    startsLoaded: input.loaded ?? false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsLoaded', target: 'done' }, { target: 'pending' }],
    },
    pending: {
      type: 'parallel',
      states: {
        display: {
          initial: 'waiting',
          states: {
            waiting: {
              initial: 'choosing',
              states: {
                choosing: {
                  always: [
                    { guard: 'keepsContentVisible', target: 'contentVisible' },
                    { target: 'contentHidden' },
                  ],
                },
                contentHidden: {},
                contentVisible: { tags: ['content'] },
              },
              after: { popInDelay: 'spinning' },
              on: { 'loading.done': '#loading.done' },
            },
            spinning: {
              type: 'parallel',
              tags: ['spinner'],
              states: {
                minimum: {
                  initial: 'showing',
                  states: {
                    showing: { after: { minimumDisplay: 'over' } },
                    over: { type: 'final' },
                  },
                },
                progress: {
                  initial: 'inProgress',
                  states: {
                    inProgress: { on: { 'loading.done': 'finished' } },
                    finished: { type: 'final' },
                  },
                },
              },
              onDone: '#loading.done',
            },
          },
        },
        patience: {
          initial: 'normal',
          states: {
            normal: { after: { longLoading: 'long' } },
            long: { tags: ['longLoading'] },
          },
        },
      },
    },
    done: {
      tags: ['content'],
      on: { 'loading.start': 'pending' },
    },
  },
});

type LoadingSnapshot = { hasTag(tag: 'content' | 'spinner' | 'longLoading'): boolean };

/** Children are rendered. */
export const selectContentVisible = (s: LoadingSnapshot): boolean => s.hasTag('content');
/** The spinner (and optional heading) is shown. */
export const selectSpinnerVisible = (s: LoadingSnapshot): boolean => s.hasTag('spinner');
/** The long-loading message ('Sorry!', contact us, Logout) is shown with the spinner. */
export const selectLongLoading = (s: LoadingSnapshot): boolean =>
  s.hasTag('spinner') && s.hasTag('longLoading');
