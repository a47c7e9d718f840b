/**
 * Path tests generated from the REAL machines (docs/decisions/090-path-tests-expect-states.md, docs/testing.md).
 *
 * `createTestModel` refuses machines with `invoke`/`after`, so we traverse the real machine with
 * `xstate/graph` (`getAdjacencyMap`) over a thin "probe" logic: each probe state is obtained by
 * replaying an event sequence on a real actor with
 *   - inert fake actors for every invoked/spawned source (they never settle by themselves; the
 *     path delivers `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events instead), and
 *   - a simulated clock that knows which delayed event each timer carries, so the only delayed
 *     event offered next is the one that is really due first (`xstate.after.<delay>.<stateId>`).
 * The same replay runs each generated path on the machine (`runPathOnMachine`), measures coverage
 * (`coverageOf`: states and transitions actually taken, from xstate's microstep inspection) and
 * drives a rendered view (`runPathOnView`).
 *
 * Usage: see tests/support/README.md.
 */
import type {
  AnyActorLogic,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventObject,
  InputFrom,
  InspectionEvent,
  SnapshotFrom,
  StateValue,
} from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import {
  activePaths,
  coverableStates,
  describeMachine,
  enabledDescriptors,
  type MachineDescription,
  pathOf,
  transitionKey,
} from './machine-graph';
import { PathClock } from './path-clock';

// ───────────────────────────── public types ─────────────────────────────

/** Payload variants per event descriptor; a function receives the current snapshot. */
export type EventVariants<TSnapshot> = Record<
  string,
  EventObject[] | ((snapshot: TSnapshot) => EventObject[])
>;

export interface PathSpec<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Name shown in reports (defaults to the machine id). */
  name?: string;
  /** The real machine, optionally `.provide()`d with fake guards/actions. */
  machine: TMachine;
  /** Machine input. Use `inputs` to explore several starting inputs (e.g. option flags). */
  input?: InputFrom<TMachine>;
  inputs?: InputFrom<TMachine>[];
  /**
   * Payload variants per event descriptor. Keys: user events (`'pin.submit'`), invoke results
   * (`'xstate.done.actor.<invokeId>'`, `'xstate.error.actor.<invokeId>'`), wildcards (`'hub.*'`:
   * give concrete events). Unlisted enabled events are sent as `{ type }`; unlisted done/error
   * events get `output: undefined` / `error: new Error('fake')`. Delayed events are derived from
   * the pending timers and need no entry.
   */
  events?: EventVariants<SnapshotFrom<TMachine>>;
  /** Replace the inert fake of an actor source (keep determinism: never settle on your own). */
  actors?: Record<string, AnyActorLogic>;
  /**
   * What distinguishes two snapshots in the traversal besides the state value and pending timers.
   * Default: the whole context (JSON). Narrow it when the context holds data that would make the
   * state space infinite.
   */
  serializeContext?: (snapshot: SnapshotFrom<TMachine>) => unknown;
  /** Assertions per state (key passed to `snapshot.matches`), run after every step that matches. */
  states?: Record<string, (snapshot: SnapshotFrom<TMachine>) => void>;
  /**
   * Where the machine must be, written from the product spec rather than read from the machine:
   * the state after start, and the state after each event. Every step of every generated path is
   * checked against it (a step without a rule fails), so a changed transition fails its paths.
   * See `StepExpectations`.
   */
  expected?: StepExpectations<TMachine>;
  /** Safety valve for the traversal (number of probe states). Default 5000. */
  limit?: number;
  /**
   * Default false: the fewest shortest paths that together reach every reachable state and take
   * every reachable transition of the definition. True: one path per edge of the explored graph
   * (every state × event-variant combination, events the machine ignores included; can be
   * hundreds of paths).
   */
  exhaustive?: boolean;
}

/**
 * The leaf states expected after a step: one dotted path (`'pin.verifying'`), several when
 * parallel regions are involved (regions not named must stay as they were), or `unchanged` (the
 * step must leave every state as it was: a targetless transition, an ignored event).
 */
export type ExpectedLeaves = string | readonly string[];

/** The expectation `unchanged`: the step leaves the state value as it was. */
export const unchanged = '(unchanged)';

/** What a rule sees: the snapshot before the step and the event sent. */
export interface StepInput<TSnapshot> {
  before: TSnapshot;
  event: EventObject;
}

/**
 * Leaves plus what the step must have recorded in the context, for a branch that only differs
 * in what it records (`{ state: 'pin.entering', context: { 'error.code': 'pinLimited' } }`; keys
 * are dotted paths into the context, values compared as JSON).
 */
export interface ExpectedStep {
  state: ExpectedLeaves;
  context: Record<string, unknown>;
}

export type Outcome<TSnapshot> =
  | ExpectedLeaves
  | ((step: StepInput<TSnapshot>) => ExpectedLeaves | ExpectedStep);

/**
 * A rule for one event: its outcome wherever it is taken, or its outcome per source state
 * (`{ 'pin.verifying': 'account' }`, keys passed to `snapshot.matches` on the state before the
 * step, first match wins).
 */
export type StepRule<TSnapshot> = Outcome<TSnapshot> | { readonly [source: string]: Outcome<TSnapshot> };

export interface StepExpectations<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Leaf states right after start (eventless transitions included), per input if it matters. */
  initial: ExpectedLeaves | ((input: InputFrom<TMachine>) => ExpectedLeaves);
  /**
   * Per event: user events by type (`'pin.submit'`), invoke results by type
   * (`'xstate.done.actor.verifyPin'`), delayed events as `'xstate.after.<delay>'`.
   */
  on: Record<string, StepRule<SnapshotFrom<TMachine>>>;
}

/** Snapshot summary stored in a path: enough to assert the machine and to describe the step. */
export interface ExpectedState {
  value: StateValue;
  tags: string[];
  status: string;
  /** Serialized context (as chosen by `serializeContext`). */
  context: string;
}

export interface PathStep {
  event: EventObject;
  /** Milliseconds the simulated clock advanced before this (delayed) event fired; 0 otherwise. */
  delayMs: number;
  /** Transition keys (machine-graph `TransitionInfo.key`) this step took, in microstep order. */
  taken: string[];
  state: ExpectedState;
}

export interface MachinePath {
  /** Human description: `input#0: loading.done → after popInDelay(500) → …`. */
  description: string;
  inputIndex: number;
  input: unknown;
  initial: ExpectedState;
  steps: PathStep[];
}

export interface CoverageCount {
  reached: number;
  total: number;
  percent: number;
  missing: string[];
}

export interface Coverage {
  name: string;
  paths: number;
  states: CoverageCount;
  transitions: CoverageCount;
}

// ───────────────────────────── event helpers ─────────────────────────────

export function doneEvent(invokeId: string, output?: unknown): EventObject {
  return { type: `xstate.done.actor.${invokeId}`, output } as EventObject;
}

export function errorEvent(invokeId: string, error: unknown = new Error('fake')): EventObject {
  return { type: `xstate.error.actor.${invokeId}`, error } as EventObject;
}

/** The `output` of an invoke's done event, for expectations that depend on it. */
export function outputOf<T>(event: EventObject): T {
  return (event as EventObject & { output: T }).output;
}

/** The `error` of an invoke's error event, for expectations that depend on it. */
export function errorOf<T>(event: EventObject): T {
  return (event as EventObject & { error: T }).error;
}

// ───────────────────────────── replay runner ─────────────────────────────

interface Runner {
  actor: ReturnType<typeof createActor<AnyStateMachine>>;
  clock: PathClock;
  /** Transition keys taken since the last `drainTaken()`. */
  drainTaken(): string[];
  /** States entered or left through a transition, plus every state active in a microstep. */
  reached: Set<string>;
  /** Every transition key taken during the run. */
  takenAll: Set<string>;
  /** Applies one path event: a due delayed event advances the clock, anything else is sent. */
  apply(event: EventObject): number;
  /** Recorded inputs of the fake actors, by invoke id, in start order. */
  actorInputs: Array<{ id: string; src: string; input: unknown }>;
  stop(): void;
}

const descriptions = new WeakMap<AnyStateMachine, MachineDescription>();
function graphOf(machine: AnyStateMachine): MachineDescription {
  let d = descriptions.get(machine);
  if (!d) {
    d = describeMachine(machine);
    descriptions.set(machine, d);
  }
  return d;
}

function actorSources(machine: AnyStateMachine): string[] {
  const names = new Set<string>(Object.keys(machine.implementations.actors ?? {}));
  for (const s of graphOf(machine).states) for (const inv of s.invokes) names.add(inv.src);
  return [...names].sort();
}

/** Where the fake actors of the runner being driven record their inputs (replays are synchronous). */
let actorInputSink: Runner['actorInputs'] = [];
const fakedMachines = new WeakMap<PathSpec, AnyStateMachine>();

/** The spec's machine with every actor source replaced by an inert fake (built once per spec). */
function fakedMachine(spec: PathSpec): AnyStateMachine {
  let machine = fakedMachines.get(spec);
  if (!machine) {
    const fakes: Record<string, AnyActorLogic> = {};
    for (const src of actorSources(spec.machine)) {
      fakes[src] =
        spec.actors?.[src] ??
        fromPromise<never, unknown>(({ input: actorInput, self }) => {
          actorInputSink.push({ id: self.id, src, input: actorInput });
          return new Promise<never>(() => {});
        });
    }
    machine = spec.machine.provide({ actors: fakes });
    fakedMachines.set(spec, machine);
  }
  return machine;
}

function startRunner(spec: PathSpec, input: unknown): Runner {
  const clock = new PathClock();
  const actorInputs: Runner['actorInputs'] = [];
  actorInputSink = actorInputs;
  const machine = fakedMachine(spec);
  const reached = new Set<string>();
  const takenAll = new Set<string>();
  let taken: string[] = [];
  const markActive = (value: StateValue) => {
    for (const p of activePaths(value)) reached.add(p);
  };
  const inspect = (ev: InspectionEvent) => {
    if (ev.type === '@xstate.action') {
      const params = ev.action.params as { delay?: unknown; event?: { type?: unknown } } | undefined;
      if (
        params &&
        typeof params.delay === 'number' &&
        params.event &&
        typeof params.event.type === 'string'
      ) {
        clock.announced.push({ eventType: params.event.type, delay: params.delay });
      }
    }
    if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId) {
      for (const t of ev._transitions) {
        const key = transitionKey(t);
        taken.push(key);
        takenAll.add(key);
        const parts = pathOf(t.source).split('.').filter(Boolean);
        for (let i = 1; i <= parts.length; i++) reached.add(parts.slice(0, i).join('.'));
      }
      const snap = ev.snapshot as AnyMachineSnapshot;
      if (snap && 'value' in snap) markActive(snap.value);
    }
  };
  const actor = createActor(machine, { input, clock, inspect });
  // Errors end up in the snapshot (status 'error'); without an observer xstate rethrows them later.
  actor.subscribe({ error: () => {} });
  actor.start();
  markActive((actor.getSnapshot() as AnyMachineSnapshot).value);
  return {
    actor,
    clock,
    reached,
    takenAll,
    actorInputs,
    drainTaken() {
      const out = taken;
      taken = [];
      return out;
    },
    apply(event) {
      actorInputSink = actorInputs;
      const due =
        Object.keys(event).length === 1 ? clock.pending().find((t) => t.eventType === event.type) : undefined;
      if (due) {
        const elapsed = due.due - clock.now;
        clock.advanceTo(due.due);
        markActive((actor.getSnapshot() as AnyMachineSnapshot).value);
        return elapsed;
      }
      if (event.type.startsWith('xstate.after.')) {
        throw new Error(`Delayed event ${event.type} is not pending (pending: ${pendingList(clock)})`);
      }
      actor.send(event);
      markActive((actor.getSnapshot() as AnyMachineSnapshot).value);
      return 0;
    },
    stop() {
      actor.stop();
    },
  };
}

function pendingList(clock: PathClock): string {
  return (
    clock
      .pending()
      .map((t) => `${t.eventType}@${t.due}`)
      .join(', ') || 'none'
  );
}

function summarize(spec: PathSpec, snapshot: AnyMachineSnapshot): ExpectedState {
  const ctx = spec.serializeContext ? spec.serializeContext(snapshot) : snapshot.context;
  return {
    value: snapshot.value,
    tags: [...snapshot.tags].sort(),
    status: snapshot.status,
    context: JSON.stringify(ctx ?? null),
  };
}

function inputsOf(spec: PathSpec): unknown[] {
  if (spec.inputs && spec.inputs.length > 0) return spec.inputs;
  return [spec.input];
}

// ───────────────────────────── traversal ─────────────────────────────

interface Probe {
  status: 'active' | 'done' | 'error' | 'stopped';
  output: undefined;
  error: unknown;
  events: EventObject[];
  key: string;
  snapshot: AnyMachineSnapshot;
  summary: ExpectedState;
  taken: string[];
  delayMs: number;
  /** The next due delayed event, if any. */
  nextTimer: string | null;
  /** Every state reached and transition key taken during the whole replay (initial macrostep included). */
  coveredStates: string[];
  coveredTransitions: string[];
}

function probe(spec: PathSpec, input: unknown, events: EventObject[]): Probe {
  const runner = startRunner(spec, input);
  let delayMs = 0;
  let taken: string[] = [];
  try {
    for (const e of events) {
      runner.drainTaken();
      delayMs = runner.apply(e);
      taken = runner.drainTaken();
    }
    const snapshot = runner.actor.getSnapshot() as AnyMachineSnapshot;
    if (snapshot.status === 'error') {
      const last = events[events.length - 1];
      const message = snapshot.error instanceof Error ? snapshot.error.message : String(snapshot.error);
      throw new Error(
        `[${spec.name ?? spec.machine.id}] the machine failed after ${events.map((e) => e.type).join(' → ') || 'start'}: ${message}\n` +
          `Give payload variants for '${last?.type ?? '(initial)'}' in spec.events (or a valid input).`,
      );
    }
    const summary = summarize(spec, snapshot);
    const now = runner.clock.now;
    const timers = runner.clock.pending().map((t) => [t.eventType, t.due - now]);
    return {
      status: snapshot.status,
      output: undefined,
      error: snapshot.error,
      events,
      key: JSON.stringify({ v: summary.value, s: summary.status, c: summary.context, t: timers }),
      snapshot,
      summary,
      taken,
      delayMs,
      nextTimer: snapshot.status === 'active' ? (runner.clock.pending()[0]?.eventType ?? null) : null,
      coveredStates: [...runner.reached],
      coveredTransitions: [...runner.takenAll],
    };
  } finally {
    runner.stop();
  }
}

function variantsFor(spec: PathSpec, snapshot: AnyMachineSnapshot, descriptor: string): EventObject[] {
  const given = spec.events?.[descriptor];
  if (given) return typeof given === 'function' ? given(snapshot) : given;
  if (descriptor.includes('*')) return []; // wildcard: only concrete variants can be sent
  if (descriptor.startsWith('xstate.done.actor.'))
    return [{ type: descriptor, output: undefined } as EventObject];
  if (descriptor.startsWith('xstate.error.actor.')) {
    return [{ type: descriptor, error: new Error('fake') } as EventObject];
  }
  return [{ type: descriptor }];
}

/** Events to explore from a probe: variants of every enabled event + the next due delayed event. */
function eventsFor(spec: PathSpec, p: Probe): EventObject[] {
  if (p.status !== 'active') return [];
  const out: EventObject[] = [];
  for (const d of enabledDescriptors(graphOf(spec.machine), p.snapshot.value)) {
    if (d.startsWith('xstate.after.') || d.startsWith('xstate.done.state.')) continue;
    if (d.startsWith('xstate.done.actor.') || d.startsWith('xstate.error.actor.')) {
      const id = d.replace(/^xstate\.(done|error)\.actor\./, '');
      if (!(id in p.snapshot.children)) continue; // the invoke is not running
    }
    out.push(...variantsFor(spec, p.snapshot, d));
  }
  // Every invoke must handle its actor's failure with an `onError`: an invoke running without one
  // is still offered its error event, which then fails the machine.
  const description = graphOf(spec.machine);
  const enabled = new Set(enabledDescriptors(description, p.snapshot.value));
  const active = new Set(activePaths(p.snapshot.value));
  for (const state of description.states) {
    if (!active.has(state.path)) continue;
    for (const inv of state.invokes) {
      const type = `xstate.error.actor.${inv.id}`;
      if (!enabled.has(type) && inv.id in p.snapshot.children)
        out.push(...variantsFor(spec, p.snapshot, type));
    }
  }
  if (p.nextTimer) out.push({ type: p.nextTimer });
  return out;
}

function describeEvent(e: EventObject, delayMs: number): string {
  if (e.type.startsWith('xstate.after.')) return `${e.type.split('.')[2]}(+${delayMs}ms)`;
  if (e.type.startsWith('xstate.done.actor.')) {
    const output = (e as { output?: unknown }).output;
    const shown = output === undefined ? '' : `(${JSON.stringify(output).slice(0, 60)})`;
    return `done:${e.type.slice(18)}${shown}`;
  }
  if (e.type.startsWith('xstate.error.actor.')) return `error:${e.type.slice(19)}`;
  if (e.type.startsWith('xstate.snapshot.')) {
    // A child machine's report (invoke.onSnapshot): its state and context, not the whole snapshot.
    const snapshot = (e as { snapshot?: { value?: unknown; context?: unknown } }).snapshot;
    const shown = JSON.stringify({ value: snapshot?.value, context: snapshot?.context }) ?? '';
    return `snapshot:${e.type.slice(16)}(${shown.slice(0, 90)})`;
  }
  const extra = Object.keys(e).filter((k) => k !== 'type');
  return extra.length
    ? `${e.type}${JSON.stringify(Object.fromEntries(extra.map((k) => [k, (e as never)[k]])))}`
    : e.type;
}

/**
 * Paths that together reach every reachable state and take every reachable transition of the
 * definition, for every input: breadth-first over the explored graph (shortest first), a path is
 * kept when it reaches a state or takes a transition no shorter kept path does (or every edge,
 * with `exhaustive`); a path that is a prefix of another one of the same input is dropped.
 * Stable order.
 */
export function generatePaths<TMachine extends AnyStateMachine>(
  spec: PathSpec<TMachine>,
  options: { checkExpectations?: boolean } = {},
): MachinePath[] {
  const s = spec as unknown as PathSpec;
  const candidates: Array<{ probe: Probe; path: () => MachinePath }> = [];
  inputsOf(s).forEach((input, inputIndex) => {
    const cache = new Map<string, Probe>();
    const probeOf = (events: EventObject[]) => {
      const k = JSON.stringify(events);
      let p = cache.get(k);
      if (!p) {
        p = probe(s, input, events);
        cache.set(k, p);
        if (options.checkExpectations) checkProbe(s, input, inputIndex, p, cache);
      }
      return p;
    };
    const logic = {
      config: {},
      transition: (p: Probe, event: EventObject) => probeOf([...p.events, event]),
      getInitialSnapshot: () => probeOf([]),
      getPersistedSnapshot: (p: Probe) => p,
    } as unknown as AnyActorLogic;
    const adjacency = getAdjacencyMap(logic, {
      events: (p: Probe) => eventsFor(s, p),
      serializeState: (p: Probe) => p.key,
      limit: s.limit ?? 5000,
    });
    // Breadth-first over the explored graph: the shortest event sequence to each probe state, and
    // each edge that takes a transition appended to it.
    const initial = probeOf([]);
    const shortest = new Map<string, Probe>([[initial.key, initial]]);
    const queue = [initial];
    const found: Probe[] = [initial];
    while (queue.length > 0) {
      const p = queue.shift()!;
      const adj = adjacency[p.key as keyof typeof adjacency];
      if (!adj) continue;
      for (const { event } of Object.values(adj.transitions)) {
        const next = probeOf([...p.events, event]);
        if (s.exhaustive || next.taken.length > 0 || !shortest.has(next.key)) found.push(next);
        if (!shortest.has(next.key)) {
          shortest.set(next.key, next);
          queue.push(next);
        }
      }
    }
    const toPath = (p: Probe): MachinePath => {
      const steps: PathStep[] = p.events.map((_, i) => {
        const q = probeOf(p.events.slice(0, i + 1));
        return { event: p.events[i]!, delayMs: q.delayMs, taken: q.taken, state: q.summary };
      });
      return {
        description: `input#${inputIndex}: ${steps.map((st) => describeEvent(st.event, st.delayMs)).join(' → ') || '(initial)'}`,
        inputIndex,
        input,
        initial: initial.summary,
        steps,
      };
    };
    for (const p of found) candidates.push({ probe: p, path: () => toPath(p) });
  });
  let chosen = candidates;
  if (!s.exhaustive) {
    // Greedy, shortest first: keep a candidate only if it reaches a state or takes a transition
    // that no shorter kept candidate does.
    const states = new Set<string>();
    const transitions = new Set<string>();
    const ordered = candidates
      .map((c, i) => ({ c, i }))
      .sort((a, b) => a.c.probe.events.length - b.c.probe.events.length || a.i - b.i)
      .map(({ c }) => c);
    chosen = ordered.filter(({ probe: p }) => {
      const newStates = p.coveredStates.filter((x) => !states.has(x));
      const newTransitions = p.coveredTransitions.filter((x) => !transitions.has(x));
      for (const x of newStates) states.add(x);
      for (const x of newTransitions) transitions.add(x);
      return newStates.length > 0 || newTransitions.length > 0;
    });
  }
  return dedupe(chosen.map((c) => c.path())).sort(
    (a, b) => a.inputIndex - b.inputIndex || a.description.localeCompare(b.description),
  );
}

/**
 * With `checkExpectations`, each explored step is checked against the spec's expectations as soon
 * as the traversal takes it (stops at the first mismatch: fast when a machine is wrong).
 */
function checkProbe(spec: PathSpec, input: unknown, inputIndex: number, p: Probe, cache: Map<string, Probe>) {
  const where = `input#${inputIndex}: ${p.events.map((e) => describeEvent(e, 0)).join(' → ') || '(initial)'}`;
  const parent = p.events.length > 0 ? cache.get(JSON.stringify(p.events.slice(0, -1))) : undefined;
  const diff = parent
    ? checkStep(spec, parent.snapshot, p.events[p.events.length - 1]!, p.snapshot)
    : checkInitial(spec, input, p.snapshot);
  if (diff) throw new Error(`[${spec.name ?? spec.machine.id}] ${where}: ${diff}`);
}

function dedupe(paths: MachinePath[]): MachinePath[] {
  const seqs = paths.map((p) => ({ p, seq: p.steps.map((st) => JSON.stringify(st.event)) }));
  seqs.sort((a, b) => b.seq.length - a.seq.length);
  const kept: typeof seqs = [];
  outer: for (const candidate of seqs) {
    for (const k of kept) {
      if (k.p.inputIndex !== candidate.p.inputIndex) continue;
      if (candidate.seq.every((e, i) => k.seq[i] === e)) continue outer;
    }
    kept.push(candidate);
  }
  return kept.map((k) => k.p);
}

// ───────────────────────────── running paths ─────────────────────────────

function sameState(actual: ExpectedState, expected: ExpectedState): string | null {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  return a === e ? null : `expected ${e}\n     got ${a}`;
}

/** Dotted paths of the active leaf states of a state value. */
export function leafPaths(value: StateValue): string[] {
  const all = activePaths(value);
  return all.filter((p) => !all.some((q) => q.startsWith(`${p}.`)));
}

type AnyOutcome = Outcome<AnyMachineSnapshot>;
type AnyRule = StepRule<AnyMachineSnapshot>;

function isOutcome(rule: AnyRule): rule is AnyOutcome {
  return typeof rule === 'string' || typeof rule === 'function' || Array.isArray(rule);
}

/** The rule key for an event type: the type itself, `xstate.after.<delay>`, or a wildcard `x.*`. */
function ruleKeyFor(on: Record<string, unknown>, type: string): string | null {
  if (Object.hasOwn(on, type)) return type;
  if (type.startsWith('xstate.after.')) {
    const short = type.split('.').slice(0, 3).join('.');
    if (Object.hasOwn(on, short)) return short;
  }
  for (const key of Object.keys(on)) {
    if (key.endsWith('.*') && type.startsWith(key.slice(0, -1))) return key;
  }
  return null;
}

/** Every rule of a spec's expectations, as the ids `unusedExpectations` reports. */
export function expectationIds(spec: PathSpec): string[] {
  const on = (spec.expected?.on ?? {}) as Record<string, AnyRule>;
  return Object.entries(on).flatMap(([key, rule]) =>
    isOutcome(rule) ? [key] : Object.keys(rule).map((source) => `${key} @ ${source}`),
  );
}

/** The leaves a spec expects after `event` from `before`, and the id of the rule that says so. */
function expectedAfter(
  spec: PathSpec,
  before: AnyMachineSnapshot,
  event: EventObject,
): { id: string; leaves: ExpectedLeaves; context: Record<string, unknown> } {
  const on = (spec.expected?.on ?? {}) as Record<string, AnyRule>;
  const key = ruleKeyFor(on, event.type);
  const at = JSON.stringify(before.value);
  if (key === null) {
    throw new Error(`no expectation for '${event.type}' (in ${at}): add it to the model's expected.on`);
  }
  const rule = on[key]!;
  let id = key;
  let outcome: AnyOutcome | undefined;
  if (isOutcome(rule)) outcome = rule;
  else {
    const source = Object.keys(rule).find((k) => before.matches(k as never));
    if (source === undefined) {
      throw new Error(
        `no expectation for '${event.type}' in ${at}: expected.on['${key}'] names ${Object.keys(rule).join(', ')}`,
      );
    }
    id = `${key} @ ${source}`;
    outcome = rule[source];
  }
  const result = typeof outcome === 'function' ? outcome({ before, event }) : outcome!;
  if (typeof result === 'string' || Array.isArray(result)) return { id, leaves: result, context: {} };
  const step = result as ExpectedStep;
  return { id, leaves: step.state, context: step.context };
}

/**
 * Compares the state reached with the expected leaves: every expected leaf is active, and any
 * other active leaf was already active before (a parallel region the step did not touch).
 */
function leavesDiff(
  expected: ExpectedLeaves,
  before: StateValue | null,
  after: StateValue,
  rule: string,
): string | null {
  if (expected === unchanged) {
    return before !== null && JSON.stringify(before) === JSON.stringify(after)
      ? null
      : `expected (${rule}) the state to stay ${JSON.stringify(before)}\n     got ${JSON.stringify(after)}`;
  }
  const want = typeof expected === 'string' ? [expected] : [...expected];
  const actual = leafPaths(after);
  const kept = new Set(before === null ? [] : leafPaths(before));
  const missing = want.filter((w) => !actual.includes(w));
  const extra = actual.filter((a) => !want.includes(a) && !kept.has(a));
  if (missing.length === 0 && extra.length === 0) return null;
  return `expected (${rule}) ${want.join(' + ')}\n     got ${actual.join(' + ')}`;
}

/** Rules used by the paths run so far, per spec (see `unusedExpectations`). */
const usedRules = new WeakMap<PathSpec, Set<string>>();

function checkInitial(spec: PathSpec, input: unknown, snapshot: AnyMachineSnapshot): string | null {
  const initial = spec.expected?.initial;
  if (initial === undefined) return null;
  const leaves = typeof initial === 'function' ? initial(input as never) : initial;
  return leavesDiff(leaves, null, snapshot.value, 'initial');
}

function checkStep(
  spec: PathSpec,
  before: AnyMachineSnapshot,
  event: EventObject,
  after: AnyMachineSnapshot,
): string | null {
  if (!spec.expected) return null;
  const { id, leaves, context } = expectedAfter(spec, before, event);
  let used = usedRules.get(spec);
  if (!used) {
    used = new Set();
    usedRules.set(spec, used);
  }
  used.add(id);
  const rule = `expected.on['${id}']`;
  return leavesDiff(leaves, before.value, after.value, rule) ?? contextDiff(context, after.context, rule);
}

function contextDiff(expected: Record<string, unknown>, context: unknown, rule: string): string | null {
  for (const [path, value] of Object.entries(expected)) {
    let actual: unknown = context;
    for (const key of path.split('.')) {
      actual = actual && typeof actual === 'object' ? (actual as Record<string, unknown>)[key] : undefined;
    }
    if (JSON.stringify(actual) !== JSON.stringify(value)) {
      return `expected (${rule}) context.${path} = ${JSON.stringify(value)}\n     got ${JSON.stringify(actual)}`;
    }
  }
  return null;
}

/**
 * Rules of `spec.expected.on` that no step of `paths` uses: an expectation the machine no longer
 * gives a path to (a transition removed, or an event no longer accepted where the rule says).
 */
export function unusedExpectations<TMachine extends AnyStateMachine>(
  spec: PathSpec<TMachine>,
  paths: MachinePath[],
): string[] {
  const s = spec as unknown as PathSpec;
  usedRules.delete(s);
  for (const path of paths) runPathOnMachine(path, s);
  const used = usedRules.get(s) ?? new Set<string>();
  return expectationIds(s).filter((id) => !used.has(id));
}

function runStateAssertions(spec: PathSpec, snapshot: AnyMachineSnapshot): void {
  for (const [key, check] of Object.entries(spec.states ?? {})) {
    if (snapshot.matches(key as never)) check(snapshot);
  }
}

/**
 * Replays a path on a fresh real actor (inert fake actors, simulated clock) and asserts every
 * step: the state value, tags, status and context match the generated expectation, each delayed
 * event fires after exactly the expected milliseconds, each step takes the expected transitions,
 * and `spec.states` assertions hold. Throws with the path description on the first mismatch.
 */
export function runPathOnMachine<TMachine extends AnyStateMachine>(
  path: MachinePath,
  spec: PathSpec<TMachine>,
): { actorInputs: Array<{ id: string; src: string; input: unknown }> } {
  const s = spec as unknown as PathSpec;
  const runner = startRunner(s, path.input);
  try {
    const fail = (where: string, msg: string) => {
      throw new Error(`[${s.name ?? s.machine.id}] ${path.description}\n  at ${where}: ${msg}`);
    };
    const first = runner.actor.getSnapshot() as AnyMachineSnapshot;
    const initialDiff = sameState(summarize(s, first), path.initial);
    if (initialDiff) fail('initial state', initialDiff);
    const initialExpectation = checkInitial(s, path.input, first);
    if (initialExpectation) fail('initial state', initialExpectation);
    runStateAssertions(s, first);
    path.steps.forEach((step, i) => {
      const before = runner.actor.getSnapshot() as AnyMachineSnapshot;
      runner.drainTaken();
      const elapsed = runner.apply(step.event);
      const taken = runner.drainTaken();
      const snap = runner.actor.getSnapshot() as AnyMachineSnapshot;
      const where = `step ${i + 1} (${describeEvent(step.event, step.delayMs)})`;
      if (elapsed !== step.delayMs)
        fail(where, `delay fired after ${elapsed} ms, expected ${step.delayMs} ms`);
      if (JSON.stringify(taken) !== JSON.stringify(step.taken)) {
        fail(where, `took ${JSON.stringify(taken)}, expected ${JSON.stringify(step.taken)}`);
      }
      let expectation: string | null;
      try {
        expectation = checkStep(s, before, step.event, snap);
      } catch (error) {
        expectation = error instanceof Error ? error.message : String(error);
      }
      if (expectation) fail(where, expectation);
      const diff = sameState(summarize(s, snap), step.state);
      if (diff) fail(where, diff);
      runStateAssertions(s, snap);
    });
    return { actorInputs: runner.actorInputs };
  } finally {
    runner.stop();
  }
}

/** Adapter that drives a rendered view along a path (see runPathOnView). */
export interface ViewAdapter<TSnapshot> {
  /** Render the view for the path's input. */
  start(input: unknown): void | Promise<void>;
  /**
   * Make the view receive the step's event the way a user/effect would: click, type, re-render
   * with new props, advance fake timers by `step.delayMs` for delayed events…
   */
  perform(step: PathStep): void | Promise<void>;
  /** Assert the DOM shows what the machine snapshot (replayed alongside) says it should. */
  check(snapshot: TSnapshot, step: PathStep | null): void | Promise<void>;
  /**
   * The screen's contract, checked by the runner after every `check`: the one page heading (h1)
   * the screen shows in this state, or null for a screen without one (a busy screen, a dialog,
   * a part of a page). Only visible headings count (not those of a step rendered ahead, hidden).
   */
  heading(snapshot: TSnapshot): string | RegExp | null;
  stop?(): void | Promise<void>;
}

/**
 * The page headings (h1) a user sees: none inside a hidden element (a step rendered ahead:
 * invisible and inert, decision 045; a step just left: not displayed).
 */
function visibleHeadings(): string[] {
  const hidden = (element: Element | null): boolean => {
    for (let e = element; e; e = e.parentElement) {
      if (
        e instanceof HTMLElement &&
        (e.hidden || e.hasAttribute('inert') || e.style.display === 'none' || e.style.visibility === 'hidden')
      )
        return true;
      if (e.getAttribute('aria-hidden') === 'true') return true;
    }
    return false;
  };
  return [...document.querySelectorAll('h1')]
    .filter((h) => !hidden(h))
    .map((h) => h.textContent?.trim() ?? '');
}

function checkHeading(expected: string | RegExp | null, at: string): void {
  const shown = visibleHeadings();
  const ok =
    expected === null
      ? shown.length === 0
      : shown.length === 1 &&
        (typeof expected === 'string' ? shown[0] === expected : expected.test(shown[0] ?? ''));
  if (!ok) {
    throw new Error(
      `${at}: the screen's heading: expected ${expected === null ? 'none' : String(expected)}, shown ${JSON.stringify(shown)}`,
    );
  }
}

/**
 * Runs a path against a rendered view: the machine is replayed alongside as the oracle; after
 * the initial render and after each performed step, `adapter.check` receives the machine's
 * snapshot for that point of the path, and the screen's heading is checked (`adapter.heading`).
 */
export async function runPathOnView<TMachine extends AnyStateMachine>(
  path: MachinePath,
  spec: PathSpec<TMachine>,
  adapter: ViewAdapter<SnapshotFrom<TMachine>>,
): Promise<void> {
  const s = spec as unknown as PathSpec;
  const runner = startRunner(s, path.input);
  try {
    await adapter.start(path.input);
    const first = runner.actor.getSnapshot() as AnyMachineSnapshot;
    const initialExpectation = checkInitial(s, path.input, first);
    if (initialExpectation) throw new Error(`initial state: ${initialExpectation}`);
    await adapter.check(first as SnapshotFrom<TMachine>, null);
    checkHeading(adapter.heading(first as SnapshotFrom<TMachine>), 'initial state');
    for (const step of path.steps) {
      const before = runner.actor.getSnapshot() as AnyMachineSnapshot;
      runner.apply(step.event);
      const expectation = checkStep(s, before, step.event, runner.actor.getSnapshot() as AnyMachineSnapshot);
      if (expectation) throw new Error(`${describeEvent(step.event, step.delayMs)}: ${expectation}`);
      await adapter.perform(step);
      await adapter.check(runner.actor.getSnapshot() as SnapshotFrom<TMachine>, step);
      checkHeading(
        adapter.heading(runner.actor.getSnapshot() as SnapshotFrom<TMachine>),
        describeEvent(step.event, step.delayMs),
      );
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`[view ${s.name ?? s.machine.id}] ${path.description}\n${message}`);
  } finally {
    runner.stop();
    await adapter.stop?.();
  }
}

// ───────────────────────────── coverage ─────────────────────────────

function count(reached: number, total: number, missing: string[]): CoverageCount {
  return { reached, total, percent: total === 0 ? 100 : Math.floor((reached / total) * 1000) / 10, missing };
}

/**
 * States and transitions of the machine definition actually reached/taken when the paths are
 * replayed on the real machine (measured from xstate's microstep inspection, so eventless
 * transitions and transient states count too).
 */
export function coverageOf<TMachine extends AnyStateMachine>(
  spec: PathSpec<TMachine>,
  paths: MachinePath[] = generatePaths(spec),
): Coverage {
  const s = spec as unknown as PathSpec;
  const description = graphOf(s.machine);
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const path of paths) {
    const runner = startRunner(s, path.input);
    try {
      for (const step of path.steps) runner.apply(step.event);
      for (const r of runner.reached) reached.add(r);
      for (const t of runner.takenAll) taken.add(t);
    } finally {
      runner.stop();
    }
  }
  const states = coverableStates(description);
  const missingStates = states.filter((st) => !reached.has(st.path)).map((st) => st.path);
  const missingTransitions = description.transitions
    .filter((t) => !taken.has(t.key))
    .map((t) => `${t.source || '(root)'} --${t.label}--> ${t.targets.join(', ') || '(self)'}`);
  return {
    name: s.name ?? s.machine.id,
    paths: paths.length,
    states: count(states.length - missingStates.length, states.length, missingStates),
    transitions: count(
      description.transitions.length - missingTransitions.length,
      description.transitions.length,
      missingTransitions,
    ),
  };
}

/** Convenience for registries: a spec with a name, typed against its machine. */
export function definePathSpec<TMachine extends AnyStateMachine>(
  spec: PathSpec<TMachine>,
): PathSpec<TMachine> {
  return spec;
}
