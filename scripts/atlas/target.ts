/**
 * What the atlas harness needs to show a machine's screens (scripts/atlas/targets.tsx for the
 * app's machines, scripts/atlas/fixtures/targets.tsx for the deliberately broken fixtures).
 */
import type { ReactElement } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { PathSpec } from '../../tests/support/paths';
import { viewConfig } from '../../tests/support/view-config';
import { fakedMachine } from '../viewer/walker';

export interface AtlasTarget {
  name: string;
  /** The registry spec (tests/model/registry.ts) whose generated paths are photographed. */
  spec: PathSpec;
  /** Route search/params the views read (seams). */
  search?: Record<string, unknown>;
  params?: Record<string, string>;
  /**
   * When one machine drives more than one screen (join practice: /invite and /invite-code, by its
   * input), the name of the screen a path's input shows: a state is photographed once per screen,
   * not once for the machine.
   */
  screenOf?(input: unknown): string;
  /** The machine with fake actors and inert effects. */
  machine(): AnyStateMachine;
  render(actor: AnyActorRef): ReactElement;
}

/**
 * Screens no machine drives (the router's error screens): photographed one card per screen, under
 * the set's name (scripts/atlas/names.ts `screensWithoutMachine`).
 */
export interface AtlasScreenSet {
  name: string;
  screens: Record<string, () => ReactElement>;
}

/** The same runtime configuration the view path tests use. */
export const atlasConfig: RuntimeConfig = viewConfig;

/** Every provided action that is an effect (not an assign) becomes a no-op, as in the view tests. */
export function inertEffects(spec: PathSpec): AnyStateMachine {
  const actions = Object.fromEntries(
    Object.keys(spec.machine.implementations.actions ?? {})
      .filter((name) => !name.startsWith('assign'))
      .map((name) => [name, () => undefined]),
  );
  return fakedMachine(spec, { actions: actions as never });
}
