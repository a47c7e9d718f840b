import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One name per flow, and one suffix per role (docs/architecture.md, "Names"; decision 170): a flow
 * is named after its machine (`machines/<flow>.machine.ts`) from the route's screen to the view:
 *
 * - `src/app/screens/<flow>[-<variant>].tsx` exports `<Flow>[<Variant>]Screen` (it creates the actor);
 * - `src/app/live/<flow>.ts` exports `provide<Flow>` (and `use<Flow>Actor` when a screen holds it);
 * - `src/views/<flow>/<flow>[-<variant>]-view.tsx` exports `<Flow>[<Variant>]View` (it renders it);
 *   every component a `*-view.tsx` file exports ends in `View`;
 * - no other file of src/views exports a component ending in `View`, `Screen` or `Page`.
 */

const root = join(import.meta.dirname, '../..');
const screensDir = join(root, 'src/app/screens');
const liveDir = join(root, 'src/app/live');
const viewsDir = join(root, 'src/views');
const machinesDir = join(root, 'machines');

/** Screens without a machine of their own, and where their view lives. */
const screensWithoutMachine: Record<string, string> = {
  'server-error': 'src/views/errors/server-error-view.tsx',
};

const pascal = (kebab: string) =>
  kebab
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Exported components (and hooks, functions): `export function Name` and `export const Name =`. */
function exportedNames(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1] as string);
}

const isComponent = (name: string) => /^[A-Z]/.test(name);

const machines = readdirSync(machinesDir)
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => f.replace(/\.machine\.ts$/, ''));

/** The machine a screen or view is named after: the longest machine name it starts with. */
function flowOf(name: string): string | null {
  const matches = machines.filter((m) => name === m || name.startsWith(`${m}-`));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}

const screens = readdirSync(screensDir)
  .filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))
  .map((f) => f.replace(/\.tsx$/, ''));

const viewFiles = filesUnder(viewsDir)
  .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
  .map((f) => relative(root, f));

describe('one name per flow (decision 170)', () => {
  it.each(screens)(
    'screens/%s.tsx: named after its machine, exports its Screen, and its view is named alike',
    (screen) => {
      const flow = flowOf(screen);
      const ownView = screensWithoutMachine[screen];
      expect(
        flow !== null || ownView !== undefined,
        `${screen}: no machines/<flow>.machine.ts it is named after`,
      ).toBe(true);
      expect(exportedNames(join(screensDir, `${screen}.tsx`)).filter(isComponent)).toEqual([
        `${pascal(screen)}Screen`,
      ]);
      const view = ownView ?? `src/views/${flow}/${screen}-view.tsx`;
      expect(existsSync(join(root, view)), `${screen}: its view ${view}`).toBe(true);
      expect(exportedNames(join(root, view))).toContain(`${pascal(screen)}View`);
    },
  );

  it.each(machines.filter((m) => existsSync(join(liveDir, `${m}.ts`))))(
    'live/%s.ts: provides its machine as provide<Flow>',
    (flow) => {
      expect(exportedNames(join(liveDir, `${flow}.ts`))).toContain(`provide${pascal(flow)}`);
    },
  );

  it('a live hook that creates an actor is use<Flow>Actor of its own file', () => {
    const misnamed = readdirSync(liveDir)
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .flatMap((f) =>
        exportedNames(join(liveDir, f))
          .filter((name) => /^use\w+Actor$/.test(name))
          .filter((name) => name !== `use${pascal(basename(f, '.ts'))}Actor`)
          .map((name) => `${f}: ${name}`),
      );
    expect(misnamed).toEqual([]);
  });

  it('a *-view.tsx file exports components ending in View (one named after the file); no other view file does', () => {
    const wrong = viewFiles.flatMap((file) => {
      const components = exportedNames(join(root, file)).filter(isComponent);
      if (file.endsWith('-view.tsx')) {
        const own = `${pascal(basename(file, '.tsx'))}`;
        const problems = components.filter((c) => !c.endsWith('View')).map((c) => `${file}: ${c}`);
        if (!components.includes(own)) problems.push(`${file}: no ${own}`);
        return problems;
      }
      return components.filter((c) => /(View|Screen|Page)$/.test(c)).map((c) => `${file}: ${c}`);
    });
    expect(wrong).toEqual([]);
  });

  it('a folder of src/views that is named after a machine holds only that flow', () => {
    const folders = readdirSync(viewsDir).filter((d) => machines.includes(d));
    const strangers = folders.flatMap((folder) =>
      readdirSync(join(viewsDir, folder))
        .filter((f) => f.endsWith('-view.tsx'))
        .filter((f) => flowOf(basename(f, '-view.tsx')) !== folder)
        .map((f) => `${folder}/${f}`),
    );
    expect(strangers).toEqual([]);
  });
});

/**
 * The same name in the message ids, the test files, the path models and the atlas: a flow's
 * message ids start with its camelCase name (`joinPractice.link.title`), its test files start with
 * its kebab name (`tests/e2e/join-practice.spec.ts`), its path model is
 * `tests/model/<flow>.model.ts` exporting `<flow>PathSpec` named `<flow>`, and the atlas and the
 * viewer know it by that name. Anything else is a concern of several flows, listed below with
 * where it lives, so a second name for a flow (`invites`, `practices`) cannot come in unseen.
 */
const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
const flowIds = machines.map(camel);
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** First parts of message ids that are not a flow's: what they hold. */
const sharedMessageAreas: Record<string, string> = {
  api: "the API client's failures (src/api)",
  app: 'the page descriptions of the prerendered pages (src/prerender)',
  auth: 'the sign-in and sign-up buttons several flows show (src/ui/login-chooser.tsx)',
  boot: 'the notices before the app runs (src/prerender)',
  errors: 'the screens no machine drives (src/views/errors, the route error screen)',
  forms: 'the form fields and their errors (src/forms, src/validation)',
  realtime: 'the live-update notices of the shell (src/realtime)',
  region: 'region names (src/validation)',
  shared: 'the profile form several flows show (src/views/shared)',
  shell: 'the navigation bar and account menu (src/ui/shell)',
  title: 'page titles, by route segment (src/app/route-titles.ts, onboarding-step-titles.ts)',
  ui: 'shared controls (src/ui)',
  validation: 'field validation messages (src/validation)',
};

/** Test files named after a concern of several flows rather than one flow: what they cover. */
const crossFlowTests: Record<string, string> = {
  'tests/e2e/accessibility.spec.ts': 'axe on every screen',
  'tests/e2e/auth.spec.ts': 'signing in and out across flows',
  'tests/e2e/checkers.spec.ts': 'the type and lint checkers',
  'tests/e2e/deploy.spec.ts': 'the deployed build',
  'tests/e2e/faults.spec.ts': 'network and server faults',
  'tests/e2e/first-paint.spec.ts': 'the first paint',
  'tests/e2e/forms.spec.ts': 'form behaviour',
  'tests/e2e/front-doors.spec.ts': 'every address opened from outside',
  'tests/e2e/keyboard.spec.ts': 'keyboard use',
  'tests/e2e/realtime.spec.ts': 'the live updates',
  'tests/e2e/shell.spec.ts': 'the app shell',
  'tests/e2e/start-up.spec.ts': 'start-up',
  'tests/e2e/trust.spec.ts': 'origins and redirects',
  'tests/e2e/typing.spec.ts': 'typing in fields',
  'tests/e2e/unsupported-browser.spec.ts': 'the unsupported-browser notice',
  'tests/e2e/viewer.spec.ts': 'the designers’ viewer',
  'tests/model/atlas-coverage.test.ts': 'the atlas covers every machine and route',
  'tests/model/coverage.test.ts': 'path coverage of the registry',
  'tests/model/expectations.test.ts': 'expected states of the registry',
  'tests/model/paths-tooling.test.ts': 'the path tooling',
  'tests/model/practice-flows.test.ts':
    'landing, switch-practice, join-practice, profile-step, portal-redirect',
  'tests/model/practice-flows-views.test.tsx': 'their views along the generated paths',
  'tests/model/realtime.test.ts': 'hub-connection and user-store',
  'tests/model/registry-complete.test.ts': 'the registry lists every machine',
  'tests/model/sign-in-flows.test.ts': 'session, email-verification, auth-redirect',
  'tests/model/sign-in-flows-views.test.tsx': 'their views along the generated paths',
  'tests/model/wizard-helper.test.ts': 'the wizard walking helper',
  'machines/practice-flows.test.ts': 'the practice flows together',
};

/** Message ids a file defines: `id: '…'` and `id="…"`. */
const messageIds = (source: string) =>
  [...source.matchAll(/\bid(?::\s*|=)['"]([A-Za-z][\w.]*)['"]/g)].map((m) => m[1] as string);

describe('one name per flow in message ids, tests, path models and the atlas', () => {
  it('every message id starts with a flow (camelCase machine name) or a listed shared area', () => {
    const catalog = JSON.parse(read('src/i18n/catalogs/en-AU.json')) as Record<string, string>;
    const strangers = Object.keys(catalog).filter((id) => {
      const area = id.split('.')[0] as string;
      return !flowIds.includes(area) && !(area in sharedMessageAreas);
    });
    expect(strangers).toEqual([]);
  });

  it('the messages of src/views/<flow> start with <flow> in camelCase', () => {
    const folders = readdirSync(viewsDir).filter((d) => machines.includes(d));
    const wrong = folders.flatMap((folder) =>
      filesUnder(join(viewsDir, folder)).flatMap((file) =>
        messageIds(readFileSync(file, 'utf8'))
          .filter((id) => !id.startsWith(`${camel(folder)}.`))
          .map((id) => `${relative(root, file)}: ${id}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('a test file is named after its flow, or is a listed cross-flow test', () => {
    const tests = [
      ...readdirSync(join(root, 'tests/e2e'))
        .filter((f) => f.endsWith('.spec.ts'))
        .map((f) => `tests/e2e/${f}`),
      ...readdirSync(join(root, 'tests/model'))
        .filter((f) => /\.test\.tsx?$/.test(f))
        .map((f) => `tests/model/${f}`),
      ...readdirSync(machinesDir)
        .filter((f) => /\.test\.tsx?$/.test(f))
        .map((f) => `machines/${f}`),
    ];
    const misnamed = tests.filter(
      (file) => flowOf(basename(file).split('.')[0] as string) === null && !(file in crossFlowTests),
    );
    expect(misnamed).toEqual([]);
    const gone = Object.keys(crossFlowTests).filter((file) => !existsSync(join(root, file)));
    expect(gone, 'listed cross-flow tests that no longer exist').toEqual([]);
  });

  it('each path model is tests/model/<flow>.model.ts exporting <flow>PathSpec named <flow>', () => {
    const models = readdirSync(join(root, 'tests/model')).filter((f) => f.endsWith('.model.ts'));
    const wrong = models.flatMap((file) => {
      const flow = file.replace(/\.model\.ts$/, '');
      if (!machines.includes(flow)) return [`${file}: no machines/${flow}.machine.ts`];
      const source = read(`tests/model/${file}`);
      const specs = [...source.matchAll(/^export const (\w+PathSpec)\b/gm)].map((m) => m[1]);
      const names = [...source.matchAll(/definePathSpec\(\{\s*name: '([^']+)'/g)].map((m) => m[1]);
      const problems: string[] = [];
      if (specs.join() !== `${camel(flow)}PathSpec`) problems.push(`${file} exports ${specs.join(', ')}`);
      if (names.join() !== camel(flow)) problems.push(`${file} names its spec ${names.join(', ')}`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('the registry, the atlas and the viewer name each machine as its path model does', () => {
    const registry = read('tests/model/registry.ts');
    const entries = [...registry.matchAll(/\{ name: '([^']+)', spec: (\w+) \}/g)].map((m) => [m[1], m[2]]);
    expect(entries.length).toBeGreaterThan(0);
    expect(
      entries.filter(([name, spec]) => !flowIds.includes(name as string) || spec !== `${name}PathSpec`),
    ).toEqual([]);
    const atlasNames = read('scripts/atlas/names.ts');
    const photographed = /defaultAtlasMachines = \[([^\]]*)\]/.exec(atlasNames)?.[1] ?? '';
    const atlasMachines = [...photographed.matchAll(/'([^']+)'/g)].map((m) => m[1] as string);
    const targets = [...read('scripts/atlas/targets.tsx').matchAll(/^ {4}name: '([^']+)'/gm)].map(
      (m) => m[1],
    );
    const labels = read('scripts/viewer/labels.ts');
    const namerBlock = /const namers[^{]*\{([\s\S]*?)\n\};/.exec(labels)?.[1] ?? '';
    const labelled = [...namerBlock.matchAll(/^ {2}(['\w-]+):/gm)].map((m) =>
      (m[1] as string).replace(/'/g, ''),
    );
    expect(atlasMachines.length * targets.length * labelled.length).toBeGreaterThan(0);
    const strangers = [...atlasMachines, ...targets, ...labelled].filter(
      (name) => !flowIds.includes(name as string),
    );
    expect(strangers).toEqual([]);
  });

  it('a route constant of src/app/routes.tsx starts with the flow of the screen it shows', () => {
    const chunks = read('src/app/routes.tsx')
      .split(/^export const /m)
      .slice(1);
    const routes = chunks
      .map((chunk) => [/^(\w+)/.exec(chunk)?.[1], /\.\/screens\/([\w-]+)/.exec(chunk)?.[1]] as const)
      .filter((pair): pair is readonly [string, string] => pair[0] !== undefined && pair[1] !== undefined);
    expect(routes.length).toBeGreaterThan(5);
    const wrong = routes.filter(([name, screen]) => {
      const flow = flowOf(screen);
      return flow === null ? !name.startsWith(camel(screen)) : !name.startsWith(camel(flow));
    });
    expect(wrong).toEqual([]);
  });
});
