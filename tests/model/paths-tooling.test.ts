import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { describeMachine } from '../support/machine-graph';
import { mutantsOf } from '../support/mutants';
import {
  coverageOf,
  doneEvent,
  generatePaths,
  outputOf,
  type PathSpec,
  runPathOnMachine,
  unchanged,
  unusedExpectations,
} from '../support/paths';

// The tooling itself, on a toy machine with everything the real ones use: invoke with guarded
// onDone/onError, named delays of different lengths running at once, always, parallel regions,
// a compound onDone and a targetless transition.
const toy = (delays = { short: 100, long: 1000 }) =>
  setup({
    types: { context: {} as { count: number }, events: {} as { type: 'go' } | { type: 'bump' } },
    actors: { fetchThing: fromPromise<{ ok: boolean }>(async () => ({ ok: true })) },
    guards: { isOk: ({ event }) => (event as unknown as { output: { ok: boolean } }).output.ok },
    actions: {},
    delays,
  }).createMachine({
    id: 'toy',
    context: { count: 0 },
    initial: 'idle',
    states: {
      idle: { on: { go: 'loading', bump: { actions: ({ context }) => context.count++ } } },
      loading: {
        invoke: {
          id: 'fetchThing',
          src: 'fetchThing',
          onDone: [{ guard: 'isOk', target: 'both' }, { target: 'failed' }],
          onError: 'failed',
        },
      },
      both: {
        type: 'parallel',
        states: {
          a: { initial: 'a1', states: { a1: { after: { short: 'a2' } }, a2: { type: 'final' } } },
          b: { initial: 'b1', states: { b1: { after: { long: 'b2' } }, b2: { type: 'final' } } },
        },
        onDone: 'checking',
      },
      checking: { always: 'finished' },
      failed: {},
      finished: { type: 'final' },
    },
  });

const spec = {
  machine: toy(),
  events: {
    'xstate.done.actor.fetchThing': [
      doneEvent('fetchThing', { ok: true }),
      doneEvent('fetchThing', { ok: false }),
    ],
  },
  serializeContext: () => null,
};

describe('tests/support/paths on a toy machine', () => {
  const paths = generatePaths(spec);

  it('reaches 100 % of states and transitions, including always, onDone and the targetless one', () => {
    const c = coverageOf(spec, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
    expect(c.transitions.total).toBe(describeMachine(spec.machine).transitions.length);
  });

  it('offers delayed events in due order with exact waits (short 100 ms, then long at 1000 ms)', () => {
    const timed = paths.flatMap((p) => p.steps.filter((s) => s.event.type.startsWith('xstate.after.')));
    expect(timed.length).toBeGreaterThan(0);
    for (const p of paths) {
      const afters = p.steps.filter((s) => s.event.type.startsWith('xstate.after.'));
      const names = afters.map((s) => s.event.type.split('.')[2]);
      if (names.includes('long')) {
        expect(names).toEqual(['short', 'long']);
        expect(afters.map((s) => s.delayMs)).toEqual([100, 900]);
      }
    }
  });

  it('replays every path on the machine', () => {
    for (const p of paths) runPathOnMachine(p, spec);
  });

  it('fails a path when the machine no longer behaves as generated (a changed delay)', () => {
    const changed = { ...spec, machine: toy({ short: 100, long: 2000 }) };
    const withLong = paths.find((p) => p.steps.some((s) => s.event.type.includes('.long.')));
    expect(withLong).toBeDefined();
    expect(() => runPathOnMachine(withLong!, changed)).toThrow(/delay fired after 1900 ms, expected 900 ms/);
  });

  it('reports what a model does not reach (no ok:false variant → the failed branch is missing)', () => {
    const partial = {
      ...spec,
      events: { 'xstate.done.actor.fetchThing': [doneEvent('fetchThing', { ok: true })] },
    };
    const c = coverageOf(partial, generatePaths(partial));
    expect(c.transitions.missing).toContain('loading --done: fetchThing--> failed');
    expect(c.transitions.percent).toBeLessThan(100);
  });

  it('tells the author which event needs payload variants when a guard crashes', () => {
    const noPayload = { machine: toy(), serializeContext: () => null };
    expect(() => generatePaths(noPayload)).toThrow(/xstate\.done\.actor\.fetchThing/);
  });
});

describe('expected states written in the model', () => {
  const expecting: PathSpec = {
    ...spec,
    expected: {
      initial: 'idle',
      on: {
        go: 'loading',
        bump: unchanged,
        'xstate.done.actor.fetchThing': ({ event }) =>
          outputOf<{ ok: boolean }>(event).ok ? ['both.a.a1', 'both.b.b1'] : 'failed',
        'xstate.error.actor.fetchThing': 'failed',
        'xstate.after.short': 'both.a.a2',
        'xstate.after.long': 'finished',
      },
    },
  };
  const withMachine = (machine: PathSpec['machine']): PathSpec => ({ ...expecting, machine });
  const mutant = (label: string) => {
    const found = mutantsOf(expecting.machine, ['retarget', 'remove']).find((m) => m.label === label);
    expect(found, label).toBeDefined();
    return withMachine(found!.machine);
  };

  it('hold on every explored step of the real machine, and every rule is used', () => {
    const every = generatePaths({ ...expecting, exhaustive: true });
    expect(unusedExpectations(expecting, every)).toEqual([]);
  });

  it('fail a path whose transition goes elsewhere (a retargeted transition)', () => {
    const wrong = mutant('idle --go--> loading ⇒ failed');
    const run = () => {
      for (const p of generatePaths(wrong)) runPathOnMachine(p, wrong);
    };
    expect(run).toThrow(/expected \(expected\.on\['go'\]\) loading\n\s+got failed/);
  });

  it('fail when a step leaves a state the rule says it leaves unchanged', () => {
    const wrong = mutant('idle --bump--> (none) ⇒ loading');
    expect(() => {
      for (const p of generatePaths(wrong)) runPathOnMachine(p, wrong);
    }).toThrow(/to stay "idle"/);
  });

  it('report a rule no step uses (a removed transition)', () => {
    const wrong = mutant('idle --bump--> (none) removed');
    expect(unusedExpectations(wrong, generatePaths({ ...wrong, exhaustive: true }))).toEqual(['bump']);
  });

  it('fail a step that has no rule', () => {
    const partial: PathSpec = { ...expecting, expected: { initial: 'idle', on: { go: 'loading' } } };
    expect(() => {
      for (const p of generatePaths(partial)) runPathOnMachine(p, partial);
    }).toThrow(/no expectation for '[^']+'/);
  });
});
