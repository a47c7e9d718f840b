import { describe, expect, it } from 'vitest';
import {
  atlasEntryOfRoute,
  defaultAtlasEntries,
  defaultAtlasMachines,
  screensWithoutMachine,
  withoutAtlasScreen,
} from '../../scripts/atlas/names';
import { rootRoute } from '../../src/app/routes';
import { routePathsOfTheApp } from '../support/route-paths';
import { registry } from './registry';

/**
 * Every registered machine is photographed by the screen atlas (scripts/atlas/names.ts, with its
 * real view in scripts/atlas/targets.tsx) or listed as having no screen of its own, with a reason.
 * Every screen no machine drives (the router's error screens) is in a screen set, and every route
 * of the real route tree, plus the root route's error and not-found screens, names the atlas entry
 * that shows it. The reduced atlas of `npm test` (scripts/atlas-check.test.ts) checks every
 * photographed one.
 */
describe('the screen atlas covers every machine with a screen', () => {
  const names = registry.map((e) => e.name);

  it.each(names)('%s is in the atlas or has a stated reason not to be', (name) => {
    const inAtlas = defaultAtlasMachines.includes(name);
    const exempt = name in withoutAtlasScreen;
    expect(inAtlas || exempt, `${name}: add it to scripts/atlas (names.ts and targets.tsx)`).toBe(true);
    expect(inAtlas && exempt, `${name} is both photographed and exempt`).toBe(false);
  });

  it('names only registered machines', () => {
    for (const name of [...defaultAtlasMachines, ...Object.keys(withoutAtlasScreen)])
      expect(names).toContain(name);
  });
});

describe('the screen atlas covers every screen without a machine', () => {
  const routePaths = routePathsOfTheApp();
  const boundaries = (['errorComponent', 'notFoundComponent'] as const)
    .filter((key) => rootRoute.options[key] !== undefined)
    .map((key) => `__root__.${key}`);
  const shown = new Set<string>([
    ...defaultAtlasMachines,
    ...Object.entries(screensWithoutMachine).flatMap(([set, screens]) => screens.map((s) => `${set}.${s}`)),
  ]);

  it('the root route has its error and not-found screens', () => {
    expect(boundaries).toEqual(['__root__.errorComponent', '__root__.notFoundComponent']);
  });

  it.each([...routePaths, ...boundaries])('%s is shown by an atlas entry', (route) => {
    const entry = atlasEntryOfRoute[route];
    expect(
      entry,
      `${route}: say which atlas entry shows it (scripts/atlas/names.ts atlasEntryOfRoute)`,
    ).toBeDefined();
    expect(shown.has(entry ?? ''), `${route} → ${entry}: not a machine or screen of the atlas`).toBe(true);
  });

  it('maps only real routes, and every machine-less screen is a route or a boundary', () => {
    for (const route of Object.keys(atlasEntryOfRoute))
      expect([...routePaths, ...boundaries]).toContain(route);
    const mapped = new Set(Object.values(atlasEntryOfRoute));
    for (const [set, screens] of Object.entries(screensWithoutMachine))
      for (const screen of screens.filter((s) => s !== 'routeErrorSignedIn'))
        expect(mapped.has(`${set}.${screen}`), `${set}.${screen} is no route's screen`).toBe(true);
  });

  it('the screen sets are photographed by default', () => {
    for (const set of Object.keys(screensWithoutMachine)) expect(defaultAtlasEntries).toContain(set);
  });
});
