/**
 * Atlas harness core (dev-only pages scripts/atlas/harness.html for the app's machines and
 * scripts/atlas/fixtures/harness.html for the deliberately broken fixtures, each its own bundle
 * with only its own stylesheets; driven by scripts/atlas.ts). Mounts the
 * real view of a machine for one state of one generated path: the real machine with fake actors
 * replays the path's events up to that state (delays on a simulated clock), then the view renders
 * the actor inside the app's providers (Mantine theme, react-intl with the locale's catalog).
 *
 *   window.atlas.list(machine)              → the states to photograph (first path reaching each)
 *   window.atlas.show(machine, path, step)  → mounts that screen; resolves when settled, with
 *                                             { error } when the view threw or the replay diverged
 *   window.atlas.layout()                   → layout findings of the screen shown (./layout.ts)
 *   window.atlas.textSize(200)              → root text size in %, for the 200 % text check
 * `harness.html?machine=onboarding&path=3&step=5&locale=en-GB` shows one screen directly and marks
 * `data-atlas-ready` on <body> when settled.
 */
import { Component, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import type { EventObject } from 'xstate';
import { cssVariablesResolver, theme } from '../../src/app/theme';
import { AppMantineProvider } from '../../src/boot/app-mantine-provider';
import enGB from '../../src/i18n/catalogs/en-GB.json';
import { RuntimeConfigContext } from '../../src/ui/runtime-config';
import { activePaths } from '../../tests/support/machine-graph';
import { generatePaths, type MachinePath } from '../../tests/support/paths';
import { journeyOf, startWalk, type Walk } from '../viewer/walker';
import { checkLayout, type LayoutFinding, overflowing } from './layout';
import { seamState } from './seams';
import { type AtlasScreenSet, type AtlasTarget, atlasConfig } from './target';

export interface AtlasState {
  machine: string;
  /** JSON of the state value: the key a state is photographed under. */
  key: string;
  value: unknown;
  active: string[];
  tags: string[];
  pathIndex: number;
  step: number;
  /** The generated path's description (events) and journey (states). */
  path: string;
  journey: string;
}

export interface ShowResult {
  error: string | null;
  empty: boolean;
}

export type { LayoutFinding };

declare global {
  interface Window {
    atlas: {
      list(machine: string): AtlasState[];
      show(machine: string, pathIndex: number, step: number): Promise<ShowResult>;
      /** The layout findings of the screen shown, at the current viewport and text size. */
      layout(): LayoutFinding[];
      /** The innermost elements wider than the viewport (to name them in an overflow report). */
      overflowing(): string[];
      /** Sets the root text size (100 or 200 %) and waits for the layout to settle. */
      textSize(percent: number): Promise<void>;
      names: string[];
    };
  }
}

const locale = new URLSearchParams(location.search).get('locale') === 'en-GB' ? 'en-GB' : 'en-AU';
const messages: Record<string, string> = locale === 'en-GB' ? (enGB as Record<string, string>) : {};
document.documentElement.lang = locale;

/** The machines and machine-less screen sets this harness page can show (set by startHarness). */
let atlasTargets: AtlasTarget[] = [];
let screenSets: AtlasScreenSet[] = [];

const pathsCache = new Map<string, MachinePath[]>();
function pathsOf(name: string): MachinePath[] {
  let paths = pathsCache.get(name);
  if (!paths) {
    const target = atlasTargets.find((t) => t.name === name);
    if (!target) throw new Error(`atlas: unknown machine '${name}'`);
    paths = generatePaths(target.spec);
    pathsCache.set(name, paths);
  }
  return paths;
}

function list(name: string): AtlasState[] {
  const set = screenSets.find((t) => t.name === name);
  if (set) {
    return Object.keys(set.screens).map((screen, pathIndex) => ({
      machine: name,
      key: screen,
      value: screen,
      active: [],
      tags: [],
      pathIndex,
      step: 0,
      path: `(no machine) the ${screen} screen`,
      journey: screen,
    }));
  }
  const out = new Map<string, AtlasState>();
  const screenOf = atlasTargets.find((t) => t.name === name)?.screenOf;
  pathsOf(name).forEach((path, pathIndex) => {
    const states = [path.initial, ...path.steps.map((s) => s.state)];
    const journey = journeyOf(states.map((s) => s.value));
    const screen = screenOf ? `${screenOf(path.input)} ` : '';
    states.forEach((state, step) => {
      const key = `${screen}${JSON.stringify(state.value)}`;
      if (out.has(key)) return;
      out.set(key, {
        machine: name,
        key,
        value: state.value,
        active: activePaths(state.value),
        tags: state.tags,
        pathIndex,
        step,
        path: path.description,
        journey,
      });
    });
  });
  return [...out.values()];
}

class Boundary extends Component<{ children: ReactNode; onError(error: Error): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

let root: Root | null = null;
let walk: Walk | null = null;
/**
 * Counts the screens mounted. The viewer posts a walk's steps as fast as they are clicked, so a
 * mount can still be settling (frames, fonts) when the next one replaces it. A mount that was
 * replaced must not name its state on <body> after the newer one did: the pinned screen would then
 * say the walk's first state while showing its last.
 */
let mounts = 0;
const container = document.getElementById('root') as HTMLElement;

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A finite animation or transition still running in the page (a spinner's endless turn is not). */
function animating(): boolean {
  return document
    .getAnimations()
    .some(
      (animation) =>
        animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
    );
}

/**
 * Resolves once the screen shown has stopped changing (scripts/atlas.ts photographs it then): no
 * change to the DOM under <body> (the root and Mantine's portals) for `QUIET_MS` and no finite
 * animation running, at most
 * `SETTLE_LIMIT_MS` after it was mounted. A lazily loaded part, an effect's second render or the
 * pop-in's spinner (at once while the atlas runs: seams.ts) each restart the quiet time. It
 * replaces fixed waits of 150 ms, and 650 ms on a busy screen (the real 500 ms pop-in plus 150).
 */
const QUIET_MS = 50;
const SETTLE_LIMIT_MS = 2000;
async function settled(): Promise<void> {
  const started = performance.now();
  let lastChange = started;
  const observer = new MutationObserver(() => {
    lastChange = performance.now();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    while (performance.now() - started < SETTLE_LIMIT_MS) {
      await sleep(16);
      if (animating()) lastChange = performance.now();
      else if (performance.now() - lastChange >= QUIET_MS) return;
    }
  } finally {
    observer.disconnect();
  }
}

async function show(name: string, pathIndex: number, step: number): Promise<ShowResult> {
  seamState.instantPopIn = true;
  const set = screenSets.find((t) => t.name === name);
  if (set) {
    const screen = Object.values(set.screens)[pathIndex];
    if (!screen) return { error: `no screen #${pathIndex} in '${name}'`, empty: true };
    unmount();
    return mountElement(() => screen(), null, Object.keys(set.screens)[pathIndex] ?? '');
  }
  const path = atlasTargets.some((t) => t.name === name) ? pathsOf(name)[pathIndex] : undefined;
  if (!path) return { error: `unknown machine '${name}' or no path #${pathIndex}`, empty: true };
  const expected = step === 0 ? path.initial : path.steps[step - 1]?.state;
  return mount(
    name,
    path.input,
    path.steps.slice(0, step).map((s) => s.event),
    expected?.value,
  );
}

/** Mounts the view of `name` for the state reached by replaying `events` from `input`. */
async function mount(
  name: string,
  input: unknown,
  events: EventObject[],
  expected?: unknown,
): Promise<ShowResult> {
  unmount();
  const target = atlasTargets.find((t) => t.name === name);
  if (!target) return { error: `unknown machine '${name}'`, empty: true };
  try {
    walk = startWalk(target.spec, input, events, target.machine());
  } catch (e) {
    return { error: `replay failed: ${e instanceof Error ? e.message : String(e)}`, empty: true };
  }
  const actual = walk.snapshot().value;
  const diverged =
    expected !== undefined && JSON.stringify(actual) !== JSON.stringify(expected)
      ? `replay diverged: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`
      : null;
  seamState.actor = walk.actor;
  seamState.search = target.search ?? {};
  seamState.params = target.params ?? {};
  const actor = walk.actor;
  const snapshot = walk.snapshot();
  return mountElement(() => target.render(actor), diverged, JSON.stringify(snapshot.value));
}

/** Removes the screen shown and stops its machine. */
function unmount(): void {
  mounts += 1;
  document.body.removeAttribute('data-atlas-ready');
  document.body.removeAttribute('data-atlas-state');
  root?.unmount();
  walk?.stop();
  root = null;
  walk = null;
}

/**
 * Renders `view` inside the app's providers and the shell's main landmark; resolves when settled,
 * and names what it shows on <body>: `data-atlas-state` (the state value's JSON, or the screen's
 * name) and `data-atlas-ready`.
 */
async function mountElement(
  view: () => ReactNode,
  replayError: string | null,
  shown: string,
): Promise<ShowResult> {
  let error: string | null = replayError;
  const mine = mounts;
  root = createRoot(container);
  root.render(
    <IntlProvider locale={locale} defaultLocale="en-AU" messages={messages}>
      <AppMantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <RuntimeConfigContext.Provider value={atlasConfig}>
          {/* The app shell's main landmark (src/app/root-layout.tsx) around the route's view. */}
          <main id="main-content" tabIndex={-1}>
            <Boundary
              onError={(e) => {
                error = `the view threw: ${e.message}`;
              }}
            >
              {view()}
            </Boundary>
          </main>
        </RuntimeConfigContext.Provider>
      </AppMantineProvider>
    </IntlProvider>,
  );
  await frame();
  await frame();
  await settled();
  await document.fonts.ready;
  await frame();
  // Replaced meanwhile by a newer mount: it names its own state.
  if (mine !== mounts) return { error, empty: false };
  const empty =
    (container.textContent ?? '').trim() === '' && container.querySelector('svg,img,input') === null;
  document.body.setAttribute('data-atlas-state', shown);
  document.body.setAttribute('data-atlas-ready', error ? 'error' : 'ok');
  return { error, empty };
}

/** The viewer embeds this page and posts its live walk: `{ atlasMount: { machine, input, events } }`. */
window.addEventListener('message', (message: MessageEvent) => {
  if (message.origin !== location.origin) return;
  const data = message.data as { atlasMount?: { machine: string; input: unknown; events: EventObject[] } };
  if (!data?.atlasMount) return;
  seamState.instantPopIn = false;
  void mount(data.atlasMount.machine, data.atlasMount.input, data.atlasMount.events);
});

async function textSize(percent: number): Promise<void> {
  document.documentElement.style.fontSize = percent === 100 ? '' : `${percent}%`;
  await frame();
  await frame();
}

/** Starts the harness page for these targets (scripts/atlas/harness.tsx, fixtures/harness.tsx). */
export function startHarness(targets: AtlasTarget[], sets: AtlasScreenSet[] = []): void {
  atlasTargets = targets;
  screenSets = sets;
  window.atlas = {
    list,
    show,
    layout: () => checkLayout(container),
    overflowing: () => overflowing(container),
    textSize,
    names: [...atlasTargets, ...screenSets].map((t) => t.name),
  };
  const params = new URLSearchParams(location.search);
  const machine = params.get('machine');
  if (machine) void show(machine, Number(params.get('path') ?? 0), Number(params.get('step') ?? 0));
  document.body.setAttribute('data-atlas-loaded', 'true');
}
