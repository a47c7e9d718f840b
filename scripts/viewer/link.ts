/**
 * The viewer's address (decision 130): which machine, which input fixture, which choices were
 * taken, and how the pinned screen is shown. Opening the address replays the choices on a fresh
 * walk, so the same state and screen come back.
 *
 *   /viewer/?machine=onboarding&input=new-user&steps=1.0.2&locale=en-GB&width=1280
 *   /viewer/?machine=joinPractice&journey=3&step=2     (step 2 of generated journey #3)
 *
 * `steps` lists, per step, the position of the choice among the events the state offered
 * (`walk.options()`): short, and exact for the machine and model it was taken from. A step that
 * no longer exists (the machine changed) stops the replay there and says so.
 * Browser-safe and pure; unit-tested in link.test.ts.
 */
import type { EventObject } from 'xstate';
import type { PathSpec } from '../../tests/support/paths';
import { inputName, slug } from './labels';
import { inputsOf, startWalk } from './walker';

export type Locale = 'en-AU' | 'en-GB';
export type ScreenWidth = 375 | 1280;

export interface ViewAddress {
  machine: string | null;
  /** The input fixture's slug (`new-user`), or its position (`2`) when it has no name. */
  input: string | null;
  steps: number[];
  journey: { index: number; step: number | null } | null;
  locale: Locale;
  width: ScreenWidth;
}

export function parseAddress(search: string): ViewAddress {
  const q = new URLSearchParams(search);
  const steps = (q.get('steps') ?? '')
    .split('.')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
  const journey = q.get('journey');
  const step = q.get('step');
  return {
    machine: q.get('machine'),
    input: q.get('input'),
    steps,
    journey:
      journey !== null && /^\d+$/.test(journey)
        ? { index: Number(journey), step: step !== null && /^\d+$/.test(step) ? Number(step) : null }
        : null,
    locale: q.get('locale') === 'en-GB' ? 'en-GB' : 'en-AU',
    width: q.get('width') === '1280' ? 1280 : 375,
  };
}

/** The query string of a state (journey links are turned into steps by the viewer). */
export function formatAddress(a: {
  machine: string;
  input: string;
  steps: number[];
  locale: Locale;
  width: ScreenWidth;
}): string {
  const q = new URLSearchParams();
  q.set('machine', a.machine);
  q.set('input', a.input);
  if (a.steps.length > 0) q.set('steps', a.steps.join('.'));
  q.set('locale', a.locale);
  q.set('width', String(a.width));
  return `?${q.toString()}`;
}

/** The slugs of a spec's inputs (their fixture names), in input order; unnamed ones by position. */
export function inputSlugs(machine: string, spec: PathSpec): string[] {
  return inputsOf(spec).map((input, i) => slug(inputName(machine, input, i)) || String(i));
}

/** The input index an address names (unknown → 0). */
export function inputIndexOf(machine: string, spec: PathSpec, input: string | null): number {
  if (input === null) return 0;
  const slugs = inputSlugs(machine, spec);
  const byName = slugs.indexOf(input);
  if (byName >= 0) return byName;
  return /^\d+$/.test(input) && Number(input) < slugs.length ? Number(input) : 0;
}

/** Events compared as the model writes them (an Error by its message). */
export function sameEvent(a: EventObject, b: EventObject): boolean {
  const plain = (_key: string, v: unknown) => (v instanceof Error ? { error: v.message } : v);
  return JSON.stringify(a, plain) === JSON.stringify(b, plain);
}

export interface Replay {
  events: EventObject[];
  /** The choices that replayed (a prefix of the ones asked for). */
  steps: number[];
  /** 0-based step the replay stopped at because the state did not offer that choice, or null. */
  brokenAt: number | null;
}

/** Replays choice positions from an input: the events they stand for. */
export function replaySteps(spec: PathSpec, input: unknown, steps: number[]): Replay {
  const walk = startWalk(spec, input);
  const events: EventObject[] = [];
  try {
    for (const [i, choice] of steps.entries()) {
      const option = walk.options()[choice];
      if (!option) return { events, steps: steps.slice(0, i), brokenAt: i };
      walk.send(option.event);
      events.push(option.event);
    }
    return { events, steps: [...steps], brokenAt: null };
  } finally {
    walk.stop();
  }
}

/** The choice positions of an event list (a generated journey), or null where one is not offered. */
export function stepsOf(spec: PathSpec, input: unknown, events: EventObject[]): number[] | null {
  const walk = startWalk(spec, input);
  try {
    const steps: number[] = [];
    for (const event of events) {
      const choice = walk.options().findIndex((o) => sameEvent(o.event, event));
      if (choice < 0) return null;
      walk.send(walk.options()[choice]?.event ?? event);
      steps.push(choice);
    }
    return steps;
  } finally {
    walk.stop();
  }
}
