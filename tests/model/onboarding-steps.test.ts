import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { onboardingMachine, stepTag } from '#machines/onboarding.machine';
import { emptyDraft, type OnboardingDraft } from '#machines/onboarding-draft';
import {
  type DraftPart,
  draftStorageKeys,
  isFlowRouteId,
  onboardingFlowRouteId,
  onboardingStepIds,
  onboardingStepTable,
  routeIdOfStep,
  stepOfRouteId,
  UnknownStepRouteError,
} from '#machines/onboarding-steps';
import { atlasEntryOfRoute, defaultAtlasMachines } from '../../scripts/atlas/names';
import { clearStoredDraft, readDraft, writeDraft } from '../../src/app/live/onboarding';
import { onboardingStepTitles } from '../../src/app/onboarding-step-titles';
import { buildTitle } from '../../src/app/route-titles';
import type { RouterContext } from '../../src/app/router-context';
import { routeTree } from '../../src/app/routes';
import { perUserStorageKeys } from '../../src/app/user-storage';
import { onboardingStepViews } from '../../src/views/onboarding/onboarding-view';
import { fixtures } from './onboarding.model';

/**
 * README "How to change a flow" → "Adding an onboarding step": the checklist, checked. Every step
 * of the step table (machines/onboarding-steps.ts, decision 160) has a route in the real route
 * tree, a title in both catalogs, a view, an atlas entry and a storage-key rule; and nothing of
 * the flow exists outside the table (a step route, a view, a title or a draft key the table does
 * not know).
 */

const root = join(import.meta.dirname, '../..');
const catalog = (locale: string) =>
  JSON.parse(readFileSync(join(root, `src/i18n/catalogs/${locale}.json`), 'utf8')) as Record<string, string>;
const catalogs = { 'en-AU': catalog('en-AU'), 'en-GB': catalog('en-GB') };

const router = createRouter({
  routeTree,
  history: createMemoryHistory({ initialEntries: ['/'] }),
  context: {} as RouterContext,
});
const routesById = router.routesById as Record<
  string,
  { id: string; fullPath: string; parentRoute?: { id: string } }
>;

/** An in-memory Storage (the draft's reading and writing take one). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** A draft with every part set (so every part is written). */
const fullDraft: OnboardingDraft = {
  pin: '1234',
  practice: fixtures.practice,
  profile: fixtures.profile,
  options: { registeredFromDirectoryPracticeKey: 'dir-1' },
};

const intl = createIntl({ locale: 'en-AU', defaultLocale: 'en-AU', messages: {} });

describe.each(onboardingStepIds)('onboarding step %s', (id) => {
  const step = onboardingStepTable.find((s) => s.id === id) as (typeof onboardingStepTable)[number];

  it('has a route: a child of the flow layout at its path, whose route id is the step', () => {
    const route = routesById[routeIdOfStep(id)];
    expect(route, `${id}: no route ${routeIdOfStep(id)} in src/app/routes.tsx`).toBeDefined();
    expect(route?.fullPath).toBe(step.path);
    expect(route?.parentRoute?.id).toBe(`/${onboardingFlowRouteId}`);
    expect(stepOfRouteId(routeIdOfStep(id))).toBe(id);
  });

  it('has a title in both catalogs, and its address is titled with it', () => {
    const title = onboardingStepTitles[id];
    expect(title.id).toBe(step.titleId);
    expect(catalogs['en-AU'][step.titleId], `${step.titleId} missing in en-AU`).toBe(title.defaultMessage);
    expect(catalogs['en-GB'][step.titleId], `${step.titleId} missing in en-GB`).toBeTypeOf('string');
    expect(buildTitle(intl, 'P', step.path).endsWith(` | ${title.defaultMessage}`)).toBe(true);
  });

  it('has a view', () => {
    expect(onboardingStepViews[id]).toBeTypeOf('function');
  });

  it('has an atlas entry: its address is photographed with the onboarding machine, whose state for it carries its step tag', () => {
    expect(atlasEntryOfRoute[step.path]).toBe('onboarding');
    expect(defaultAtlasMachines).toContain('onboarding');
    // The atlas photographs every state of the path spec (100 % state coverage,
    // tests/model/coverage.test.ts): the step's own state is one of them.
    const state = onboardingMachine.root.states[id];
    expect(state, `${id}: no state of its own in machines/onboarding.machine.ts`).toBeDefined();
    expect(state?.tags).toContain(stepTag(id));
  });

  it('has a storage-key rule: each part it writes has a per-user key, written, read back and cleared', () => {
    expect(Array.isArray(step.stores)).toBe(true);
    for (const part of step.stores) {
      const key = draftStorageKeys[part];
      expect(key, `${id}: no storage key for the draft's ${part}`).toBeTypeOf('string');
      expect(perUserStorageKeys).toContain(key);
      const storage = memoryStorage();
      writeDraft(fullDraft, storage);
      expect(storage.getItem(key)).not.toBeNull();
      expect(readDraft(storage)[part]).toEqual(fullDraft[part]);
      clearStoredDraft(storage);
      expect(storage.getItem(key)).toBeNull();
    }
  });
});

describe('nothing of the onboarding flow lives outside the step table', () => {
  it('every route under the flow layout is a step of the table; an unknown one fails loudly', () => {
    const flowRoutes = Object.keys(routesById).filter(isFlowRouteId);
    expect(flowRoutes.sort()).toEqual(onboardingStepIds.map(routeIdOfStep).sort());
    expect(() => stepOfRouteId(`/${onboardingFlowRouteId}/onboarding/forgotten-step`)).toThrow(
      UnknownStepRouteError,
    );
  });

  it('the views and the titles are exactly the steps', () => {
    expect(Object.keys(onboardingStepViews).sort()).toEqual([...onboardingStepIds].sort());
    expect(Object.keys(onboardingStepTitles).sort()).toEqual([...onboardingStepIds].sort());
  });

  it('every part of the draft is kept by a step, under its own key, and is per-user', () => {
    const parts = Object.keys(emptyDraft()) as DraftPart[];
    expect(Object.keys(draftStorageKeys).sort()).toEqual([...parts].sort());
    expect(new Set(Object.values(draftStorageKeys)).size).toBe(parts.length);
    const stored = new Set(onboardingStepTable.flatMap((s) => s.stores));
    for (const part of parts) {
      expect(stored.has(part), `no step stores the draft's ${part}`).toBe(true);
      expect(perUserStorageKeys).toContain(draftStorageKeys[part]);
    }
  });

  it('the machine has a state per step, and every state with a step tag is a step of the table', () => {
    const tagged = new Set<string>();
    const visit = (node: typeof onboardingMachine.root) => {
      for (const tag of node.tags) if (tag.startsWith('step:')) tagged.add(tag.slice(5));
      for (const child of Object.values(node.states)) visit(child);
    };
    visit(onboardingMachine.root);
    expect([...tagged].sort()).toEqual([...onboardingStepIds].sort());
  });
});
