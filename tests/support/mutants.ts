/**
 * Mutants of a machine: the same machine (config and implementations) with one transition changed,
 * built in memory, so the path tests can be run against each one (scripts/mutation.ts).
 *
 * - retarget: one transition's target replaced by a sibling of that target (for a targetless
 *   transition, a sibling of its source), one mutant per sibling;
 * - remove: one transition deleted.
 *
 * Transitions are found by the keys of tests/support/machine-graph.ts (`<source>|<event>|<index>`)
 * and rewritten in a copy of the machine's config.
 */
import { type AnyStateMachine, createMachine } from 'xstate';
import { describeMachine, type StateInfo, type TransitionInfo } from './machine-graph';

export interface Mutant {
  /** `retarget` or `remove`. */
  kind: 'retarget' | 'remove';
  /** The transition changed (machine-graph key). */
  key: string;
  /** Human description: `pin.entering --pin.submit--> pin.verifying ⇒ pin.entering`. */
  label: string;
  machine: AnyStateMachine;
}

type Config = Record<string, unknown>;

/** Copies plain objects and arrays; functions and other values are shared. */
function cloneConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneConfig) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneConfig(v)])) as T;
  }
  return value;
}

function stateConfigAt(root: Config, path: string): Config {
  let node = root;
  for (const key of path.split('.').filter(Boolean)) {
    const states = node.states as Record<string, Config> | undefined;
    const next = states?.[key];
    if (!next) throw new Error(`no state '${path}' in the config`);
    node = next;
  }
  return node;
}

/** Where a transition list lives in a state's config: the holder object and its property. */
function transitionSlot(
  state: Config,
  info: TransitionInfo,
  stateId: string,
): { holder: Config; prop: string } {
  switch (info.kind) {
    case 'always':
      return { holder: state, prop: 'always' };
    case 'done.state':
      return { holder: state, prop: 'onDone' };
    case 'after': {
      const after = state.after as Config;
      const key = Object.keys(after).find((k) => info.eventType === `xstate.after.${k}.${stateId}`);
      if (key === undefined) throw new Error(`no after entry for ${info.key}`);
      return { holder: after, prop: key };
    }
    case 'done.actor':
    case 'error.actor':
    case 'snapshot.actor': {
      const list = (Array.isArray(state.invoke) ? state.invoke : [state.invoke]) as Config[];
      const index = list.findIndex((inv, i) => (inv.id ?? `${i}.${stateId}`) === info.invoke?.id);
      const invoke = list[index];
      if (!invoke) throw new Error(`no invoke for ${info.key}`);
      const prop =
        info.kind === 'done.actor' ? 'onDone' : info.kind === 'error.actor' ? 'onError' : 'onSnapshot';
      return { holder: invoke, prop };
    }
    default:
      return { holder: state.on as Config, prop: info.eventType };
  }
}

function asList(value: unknown): Config[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map((t) => (typeof t === 'string' ? { target: t } : { ...(t as Config) }));
}

function rebuild(machine: AnyStateMachine, config: Config): AnyStateMachine {
  const build = createMachine as unknown as (config: Config, implementations: unknown) => AnyStateMachine;
  return build(config, machine.implementations);
}

function mutate(
  machine: AnyStateMachine,
  info: TransitionInfo,
  stateId: string,
  change: (list: Config[], index: number) => Config[],
): AnyStateMachine {
  const config = cloneConfig(machine.config as Config);
  const state = stateConfigAt(config, info.source);
  const { holder, prop } = transitionSlot(state, info, stateId);
  const index = Number(info.key.split('|').at(-1));
  const list = asList(holder[prop]);
  if (!list[index]) throw new Error(`no transition ${info.key} in the config`);
  const changed = change(list, index);
  if (changed.length === 0) delete holder[prop];
  else holder[prop] = changed;
  return rebuild(machine, config);
}

function arrow(t: TransitionInfo): string {
  return `${t.source || '(root)'} --${t.label}--> ${t.targets.join(', ') || '(none)'}`;
}

/** Sibling states a transition could be retargeted to. */
function retargets(states: Map<string, StateInfo>, t: TransitionInfo): StateInfo[] {
  const anchor = t.targets[0] ?? t.source;
  const self = states.get(anchor);
  const parent = states.get(self?.parent ?? '') ?? states.get('');
  const siblings = (parent?.children ?? []).map((c) => states.get(c)!).filter((c) => c.kind !== 'history');
  if (anchor === '') return siblings; // a targetless transition of the root: any top-level state
  return siblings.filter((c) => c.path !== anchor);
}

export function mutantsOf(machine: AnyStateMachine, kinds: Array<Mutant['kind']> = ['retarget']): Mutant[] {
  const description = describeMachine(machine);
  const states = new Map(description.states.map((s) => [s.path, s]));
  const out: Mutant[] = [];
  for (const t of description.transitions) {
    const stateId = states.get(t.source)!.id;
    if (kinds.includes('retarget') && t.targets.length <= 1) {
      for (const sibling of retargets(states, t)) {
        out.push({
          kind: 'retarget',
          key: t.key,
          label: `${arrow(t)} ⇒ ${sibling.path}`,
          machine: mutate(machine, t, stateId, (list, i) =>
            list.map((c, j) => (j === i ? { ...c, target: `#${sibling.id}` } : c)),
          ),
        });
      }
    }
    if (kinds.includes('remove')) {
      out.push({
        kind: 'remove',
        key: t.key,
        label: `${arrow(t)} removed`,
        machine: mutate(machine, t, stateId, (list, i) => list.filter((_, j) => j !== i)),
      });
    }
  }
  return out;
}
