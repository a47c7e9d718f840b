/**
 * A live, replayable run of a REAL machine for the designer tools (state-chart viewer and screen
 * atlas harness): every invoked/spawned actor is an inert fake (it never settles; its done/error
 * arrive as events, like in the generated path tests), time is a simulated clock that knows which
 * delayed event each timer carries, and the events on offer are exactly those the path generator
 * (tests/support/paths.ts) sends: every enabled descriptor with the registry spec's payload
 * variants, done/error only while the invoke runs, and the next due delayed event.
 *
 * History is a list of events; stepping back replays the list minus one on a fresh actor.
 * Browser-safe (no node imports).
 */
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
  type InspectionEvent,
} from 'xstate';
import {
  activePaths,
  describeMachine,
  enabledDescriptors,
  type MachineDescription,
} from '../../tests/support/machine-graph';
import { PathClock } from '../../tests/support/path-clock';
import type { PathSpec } from '../../tests/support/paths';

/** One choice offered in the current state. */
export interface WalkOption {
  event: EventObject;
  /** `pin.submit {"pin":"1234"}`, `after popInDelay (500 ms)`, `done: verifyPin(…)`. */
  label: string;
  /** False when a guard blocks every transition for this event (sending it changes nothing). */
  enabled: boolean;
  /** For the next due delayed event: how long the clock advances. */
  delayMs: number | null;
}

export interface WalkStep {
  event: EventObject;
  delayMs: number;
  value: unknown;
}

const descriptions = new WeakMap<AnyStateMachine, MachineDescription>();
export function descriptionOf(machine: AnyStateMachine): MachineDescription {
  let d = descriptions.get(machine);
  if (!d) {
    d = describeMachine(machine);
    descriptions.set(machine, d);
  }
  return d;
}

/** The spec's machine with every actor source replaced by an inert fake. */
export function fakedMachine(
  spec: PathSpec,
  extra?: Parameters<AnyStateMachine['provide']>[0],
): AnyStateMachine {
  const names = new Set<string>(Object.keys(spec.machine.implementations.actors ?? {}));
  for (const s of descriptionOf(spec.machine).states) for (const inv of s.invokes) names.add(inv.src);
  const fakes: Record<string, AnyActorLogic> = {};
  for (const src of names) {
    fakes[src] = spec.actors?.[src] ?? fromPromise<never>(() => new Promise<never>(() => undefined));
  }
  return spec.machine.provide({ ...(extra ?? {}), actors: fakes });
}

export function inputsOf(spec: PathSpec): unknown[] {
  return spec.inputs && spec.inputs.length > 0 ? spec.inputs : [spec.input];
}

export function eventLabel(e: EventObject, delayMs: number | null = null, delayName?: string): string {
  if (e.type.startsWith('xstate.after.')) {
    const name = delayName ?? e.type.split('.')[2];
    return `after ${name}${delayMs !== null ? ` (${delayMs} ms)` : ''}`;
  }
  const short = (v: unknown) => {
    if (v instanceof Error) return `Error(${v.message})`;
    const s = JSON.stringify(v);
    return s === undefined ? '' : s.length > 70 ? `${s.slice(0, 67)}…` : s;
  };
  if (e.type.startsWith('xstate.done.actor.')) {
    const output = (e as { output?: unknown }).output;
    return `done: ${e.type.slice(18)}${output === undefined ? '' : ` ${short(output)}`}`;
  }
  if (e.type.startsWith('xstate.error.actor.')) {
    return `error: ${e.type.slice(19)} ${short((e as { error?: unknown }).error)}`;
  }
  const extra = Object.keys(e).filter((k) => k !== 'type');
  return extra.length
    ? `${e.type} ${short(Object.fromEntries(extra.map((k) => [k, (e as unknown as Record<string, unknown>)[k]])))}`
    : e.type;
}

export interface Walk {
  readonly machine: AnyStateMachine;
  readonly description: MachineDescription;
  readonly input: unknown;
  readonly steps: WalkStep[];
  /** The running actor (views render it; sending to it bypasses `steps`). */
  readonly actor: AnyActorRef;
  snapshot(): AnyMachineSnapshot;
  /** Active state paths (ancestors included), for highlighting. */
  active(): string[];
  options(): WalkOption[];
  send(event: EventObject): WalkStep;
  stop(): void;
}

/**
 * Starts a walk of `spec` from input `input` and replays `events`. `machine` defaults to the
 * spec's machine with inert fake actors (pass your own `.provide()`d copy to add fake actions).
 */
export function startWalk(
  spec: PathSpec,
  input: unknown,
  events: EventObject[] = [],
  machine: AnyStateMachine = fakedMachine(spec),
): Walk {
  const clock = new PathClock();
  const inspect = (ev: InspectionEvent) => {
    if (ev.type !== '@xstate.action') return;
    const params = ev.action.params as { delay?: unknown; event?: { type?: unknown } } | undefined;
    if (params && typeof params.delay === 'number' && params.event && typeof params.event.type === 'string') {
      clock.announced.push({ eventType: params.event.type, delay: params.delay });
    }
  };
  const actor = createActor(machine, { input, clock, inspect });
  actor.subscribe({ error: () => undefined });
  actor.start();
  const description = descriptionOf(spec.machine);
  const steps: WalkStep[] = [];
  const snap = () => actor.getSnapshot() as AnyMachineSnapshot;

  const send = (event: EventObject): WalkStep => {
    const due =
      Object.keys(event).length === 1 ? clock.pending().find((t) => t.eventType === event.type) : undefined;
    let delayMs = 0;
    if (due) {
      delayMs = due.due - clock.now;
      clock.advanceTo(due.due);
    } else if (event.type.startsWith('xstate.after.')) {
      throw new Error(`Delayed event ${event.type} is not pending`);
    } else {
      actor.send(event);
    }
    const step = { event, delayMs, value: snap().value };
    steps.push(step);
    return step;
  };
  for (const e of events) send(e);

  return {
    machine,
    actor,
    description,
    input,
    steps,
    snapshot: snap,
    active: () => activePaths(snap().value),
    options() {
      const s = snap();
      if (s.status !== 'active') return [];
      const out: WalkOption[] = [];
      for (const d of enabledDescriptors(description, s.value)) {
        if (d.startsWith('xstate.after.') || d.startsWith('xstate.done.state.')) continue;
        if (d.startsWith('xstate.done.actor.') || d.startsWith('xstate.error.actor.')) {
          const id = d.replace(/^xstate\.(done|error)\.actor\./, '');
          if (!(id in s.children)) continue;
        }
        const given = spec.events?.[d];
        let variants: EventObject[] = [];
        if (given) variants = typeof given === 'function' ? openVariants(given, s) : given;
        if (variants.length > 0) {
          // the spec's payloads
        } else if (d.includes('*')) variants = [];
        else if (d.startsWith('xstate.done.actor.'))
          variants = [{ type: d, output: undefined } as EventObject];
        else if (d.startsWith('xstate.error.actor.'))
          variants = [{ type: d, error: new Error('fake') } as EventObject];
        else variants = [{ type: d }];
        for (const event of variants) {
          let enabled = true;
          try {
            enabled = s.can(event as never);
          } catch {
            enabled = false;
          }
          out.push({ event, label: eventLabel(event), enabled, delayMs: null });
        }
      }
      const next = clock.pending()[0];
      if (next) {
        const delay = description.delaysByEventType.get(next.eventType);
        const ms = next.due - clock.now;
        out.push({
          event: { type: next.eventType },
          label: eventLabel({ type: next.eventType }, ms, delay?.name),
          enabled: true,
          delayMs: ms,
        });
      }
      return out;
    },
    send,
    stop: () => actor.stop(),
  };
}

/**
 * A spec may limit exploration per input to keep its traversal small (onboarding's `owns`: each
 * input explores only the step it starts at, so the spec offers nothing once the flow moves on).
 * A live walk must go on: when a variant function offers nothing, it is asked again as if the walk
 * had started at the current top-level state (`context.startStep`).
 */
function openVariants(given: (s: AnyMachineSnapshot) => EventObject[], s: AnyMachineSnapshot): EventObject[] {
  const first = given(s);
  const context = s.context as Record<string, unknown> | undefined;
  if (first.length > 0 || !context || !('startStep' in context)) return first;
  const top = typeof s.value === 'string' ? s.value : Object.keys(s.value)[0];
  const opened = Object.create(s, {
    context: { value: { ...context, startStep: top } },
  }) as AnyMachineSnapshot;
  return given(opened);
}

/** Top-level state names along a list of state values, consecutive duplicates merged. */
export function journeyOf(values: unknown[]): string {
  const names: string[] = [];
  for (const v of values) {
    const paths = activePaths(v as never);
    const leaf = paths.filter((p) => !paths.some((q) => q.startsWith(`${p}.`)));
    const label = leaf.join(' + ') || String(v);
    if (names[names.length - 1] !== label) names.push(label);
  }
  return names.join(' → ');
}
