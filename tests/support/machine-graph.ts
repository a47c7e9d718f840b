/**
 * One description of a machine's structure, derived from the REAL machine definition (its
 * StateNode tree), shared by the path-coverage report (tests/support/paths.ts,
 * scripts/path-coverage.ts) and the diagram generator (scripts/diagrams.ts).
 *
 * Nothing here is hand-written per machine: states, transitions (events, guards, targets),
 * delayed transitions (delay name + milliseconds), invoked actors and their done/error
 * transitions, eventless (`always`) transitions and state `onDone` are all read from
 * `machine.root`.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export type TransitionKind =
  | 'event' // on: { 'pin.submit': … }
  | 'after' // after: { popInDelay: … }
  | 'done.actor' // invoke.onDone
  | 'error.actor' // invoke.onError
  | 'snapshot.actor' // invoke.onSnapshot
  | 'done.state' // onDone of a compound/parallel state
  | 'always'; // eventless

export interface InvokeInfo {
  /** Invoke id (explicit `id`, or xstate's generated `<stateId>:invocation[i]`). */
  id: string;
  /** Actor source name (`src`), as provided in `setup({ actors })`. */
  src: string;
}

export interface StateInfo {
  /** Dotted path from the root, e.g. `pending.display.waiting` (the root is ''). */
  path: string;
  key: string;
  /** xstate state node id (`<machineId>.<path>` unless the state sets its own `id`). */
  id: string;
  kind: StateKind;
  parent: string | null;
  /** Child keys in definition order. */
  children: string[];
  /** Key of the initial child (compound states). */
  initial: string | null;
  tags: string[];
  invokes: InvokeInfo[];
  entry: string[];
  exit: string[];
  description: string | null;
}

export interface DelayInfo {
  /** Name of the delay (`popInDelay`) or the literal number as a string. */
  name: string;
  /** Resolved milliseconds, or null when the delay is computed by a function. */
  ms: number | null;
}

export interface TransitionInfo {
  /** Stable key: `<sourcePath>|<eventDescriptor>|<index>`; eventless ones use `always`. */
  key: string;
  source: string;
  /** Target state paths ([] for a targetless transition: actions only, no state change). */
  targets: string[];
  /** The event descriptor as xstate knows it ('' for always). */
  eventType: string;
  kind: TransitionKind;
  guard: string | null;
  actions: string[];
  reenter: boolean;
  delay: DelayInfo | null;
  /** Invoke this done/error/snapshot transition belongs to. */
  invoke: InvokeInfo | null;
  /** Human label: `event [guard]`, `after popInDelay (500 ms)`, `done: fetchBuildInfo`… */
  label: string;
}

export interface MachineDescription {
  id: string;
  states: StateInfo[];
  transitions: TransitionInfo[];
  /** Delayed event type (`xstate.after.<delay>.<stateId>`) → delay. */
  delaysByEventType: Map<string, DelayInfo>;
}

const ROOT = '';

export function pathOf(node: AnyStateNode): string {
  return node.path.join('.');
}

/** Readable name of a guard reference (string, `{ type, params }`, built-in or inline function). */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as {
      type?: unknown;
      guards?: unknown;
      guard?: unknown;
      stateValue?: unknown;
      name?: string;
    };
    const type = typeof fn.type === 'string' ? fn.type : null;
    if (type === 'xstate.not') return `!${guardName(fn.guards ?? fn.guard) ?? 'inline'}`;
    if (type === 'xstate.and' || type === 'xstate.or') {
      const parts = Array.isArray(fn.guards) ? fn.guards.map((g) => guardName(g) ?? 'inline') : [];
      return `(${parts.join(type === 'xstate.and' ? ' && ' : ' || ')})`;
    }
    if (type === 'xstate.stateIn') return `in(${JSON.stringify(fn.stateValue ?? '')})`;
    if (type) return type;
    return fn.name && fn.name !== 'guard' ? fn.name : 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const type = (guard as { type: unknown }).type;
    return typeof type === 'string' ? type : 'inline';
  }
  return 'inline';
}

/** Readable name of an action reference. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as { type?: unknown; name?: string };
    if (typeof fn.type === 'string') return fn.type;
    return fn.name || 'inline';
  }
  if (action && typeof action === 'object' && 'type' in action) {
    const type = (action as { type: unknown }).type;
    return typeof type === 'string' ? type : 'inline';
  }
  return 'inline';
}

export function resolveDelay(machine: AnyStateMachine, delay: unknown): DelayInfo {
  if (typeof delay === 'number') return { name: String(delay), ms: delay };
  if (typeof delay === 'string') {
    const impl = (machine.implementations.delays as Record<string, unknown>)[delay];
    return { name: delay, ms: typeof impl === 'number' ? impl : null };
  }
  return { name: 'computed', ms: null };
}

export function formatDelay(delay: DelayInfo): string {
  if (delay.ms === null) return `after ${delay.name}`;
  if (String(delay.ms) === delay.name) return `after ${delay.ms} ms`;
  return `after ${delay.name} (${delay.ms} ms)`;
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return out;
}

function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done.actor';
  if (eventType.startsWith('xstate.error.actor.')) return 'error.actor';
  if (eventType.startsWith('xstate.snapshot.')) return 'snapshot.actor';
  if (eventType.startsWith('xstate.done.state.')) return 'done.state';
  return 'event';
}

/** The stable key of a transition definition (works across `.provide()`d copies of a machine). */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const eventType = t.eventType as string;
  if (eventType === '') {
    const index = (source.always ?? []).indexOf(t);
    return `${pathOf(source)}|always|${index}`;
  }
  const list = source.transitions.get(eventType) ?? [];
  return `${pathOf(source)}|${eventType}|${list.indexOf(t)}`;
}

function describeTransition(machine: AnyStateMachine, t: AnyTransitionDefinition): TransitionInfo {
  const source = t.source as AnyStateNode;
  const eventType = t.eventType as string;
  const kind = kindOf(eventType);
  const guard = guardName(t.guard);
  const actions = t.actions.map(actionName);
  let delay: DelayInfo | null = null;
  let invoke: InvokeInfo | null = null;
  if (kind === 'after')
    delay = resolveDelay(machine, (t as AnyTransitionDefinition & { delay?: unknown }).delay);
  if (kind === 'done.actor' || kind === 'error.actor' || kind === 'snapshot.actor') {
    const prefix =
      kind === 'done.actor'
        ? 'xstate.done.actor.'
        : kind === 'error.actor'
          ? 'xstate.error.actor.'
          : 'xstate.snapshot.';
    const id = eventType.slice(prefix.length);
    const def = source.invoke.find((inv: { id: string }) => inv.id === id) as
      | { id: string; src: unknown }
      | undefined;
    invoke = { id, src: typeof def?.src === 'string' ? def.src : id };
  }
  let base: string;
  switch (kind) {
    case 'always':
      base = 'always';
      break;
    case 'after':
      base = formatDelay(delay ?? { name: 'computed', ms: null });
      break;
    case 'done.actor':
      base = `done: ${invoke?.src ?? eventType}`;
      break;
    case 'error.actor':
      base = `error: ${invoke?.src ?? eventType}`;
      break;
    case 'snapshot.actor':
      base = `snapshot: ${invoke?.src ?? eventType}`;
      break;
    case 'done.state':
      base = 'onDone';
      break;
    default:
      base = eventType;
  }
  return {
    key: transitionKey(t),
    source: pathOf(source),
    targets: (t.target ?? []).map((n) => pathOf(n as AnyStateNode)),
    eventType,
    kind,
    guard,
    actions,
    reenter: t.reenter,
    delay,
    invoke,
    label: guard ? `${base} [${guard}]` : base,
  };
}

/** Everything the tooling needs to know about a machine's structure, in definition order. */
export function describeMachine(machine: AnyStateMachine): MachineDescription {
  const states: StateInfo[] = [];
  const transitions: TransitionInfo[] = [];
  const delaysByEventType = new Map<string, DelayInfo>();
  for (const node of allNodes(machine)) {
    const childKeys = Object.keys(node.states);
    const initialTarget =
      node.type === 'compound' ? (node.initial?.target?.[0] as AnyStateNode | undefined) : undefined;
    states.push({
      path: pathOf(node),
      key: node.key,
      id: node.id,
      kind: node.type as StateKind,
      parent: node.parent ? pathOf(node.parent as AnyStateNode) : null,
      children: childKeys.map((k) => (pathOf(node) ? `${pathOf(node)}.${k}` : k)),
      initial: initialTarget ? pathOf(initialTarget) : null,
      tags: [...node.tags],
      invokes: node.invoke.map((inv: { id: string; src: unknown }) => ({
        id: inv.id,
        src: typeof inv.src === 'string' ? inv.src : inv.id,
      })),
      // Built-ins that `after`/`invoke` add on their own are left out; other built-ins lose the prefix.
      entry: node.entry
        .map(actionName)
        .filter((n: string) => n !== 'xstate.raise' && n !== 'xstate.spawnChild')
        .map((n: string) => n.replace(/^xstate\./, '')),
      exit: node.exit
        .map(actionName)
        .filter((n: string) => n !== 'xstate.cancel' && n !== 'xstate.stopChild')
        .map((n: string) => n.replace(/^xstate\./, '')),
      description: node.description ?? null,
    });
    for (const list of node.transitions.values()) {
      for (const t of list) {
        const info = describeTransition(machine, t);
        transitions.push(info);
        if (info.delay) delaysByEventType.set(info.eventType, info.delay);
      }
    }
    for (const t of node.always ?? []) transitions.push(describeTransition(machine, t));
  }
  return { id: machine.id, states, transitions, delaysByEventType };
}

/** States counted by coverage: every state node except the root. */
export function coverableStates(description: MachineDescription): StateInfo[] {
  return description.states.filter((s) => s.path !== ROOT);
}

/** Dotted paths of every active state node (ancestors included) for a snapshot value. */
export function activePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') {
    const p = prefix ? `${prefix}.${value}` : value;
    return [p];
  }
  const out: string[] = [];
  for (const [key, sub] of Object.entries(value)) {
    const p = prefix ? `${prefix}.${key}` : key;
    out.push(p);
    if (sub !== undefined) out.push(...activePaths(sub as StateValue, p));
  }
  return out;
}

/** Event descriptors handled by the currently active states (same list xstate uses). */
export function enabledDescriptors(description: MachineDescription, value: StateValue): string[] {
  const active = new Set([ROOT, ...activePaths(value)]);
  const seen = new Set<string>();
  for (const t of description.transitions) {
    if (!active.has(t.source) || t.eventType === '') continue;
    seen.add(t.eventType);
  }
  return [...seen];
}
