import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onboardingStepTable } from '#machines/onboarding-steps';
import { routePathsOfTheApp } from '../tests/support/route-paths';
import { type Budgets, budgetMismatches, budgetOf, reportRoutes } from './bundle-routes';

const routes = reportRoutes();
const paths = routes.map((r) => r.path);
const budgets = JSON.parse(readFileSync(join(import.meta.dirname, 'bundle-budget.json'), 'utf8')) as Budgets;

describe("the bundle report's routes (scripts/bundle-routes.ts)", () => {
  it.each(onboardingStepTable.map((step) => step.path))(
    'lists the onboarding step %s, shown by the flow layout’s screen',
    (path) => {
      expect(routes).toContainEqual({ path, module: 'src/app/screens/onboarding.tsx', flow: 'onboarding' });
    },
  );

  it('are exactly the routes of the real route tree, each once', () => {
    expect([...paths].sort()).toEqual(routePathsOfTheApp().sort());
  });

  it("name each route's screen by a module that exists", () => {
    for (const { module } of routes)
      expect(existsSync(join(import.meta.dirname, '..', module)), module).toBe(true);
  });

  it('each have a budget, and every budget names one of them', () => {
    expect(budgetMismatches(routes, budgets)).toEqual([]);
  });

  it('the steps of a flow count against its one budget, never a budget of their own', () => {
    for (const step of onboardingStepTable) {
      expect(budgets.routes).not.toHaveProperty([step.path]);
      expect(budgetOf({ path: step.path, flow: step.bundle }, budgets)).toBe(budgets.flows[step.bundle]);
    }
  });
});

describe('budgetMismatches', () => {
  it('names a route without a budget and a budget without a route', () => {
    expect(
      budgetMismatches(
        [{ path: '/' }, { path: '/switch-practice' }, { path: '/onboarding', flow: 'wizard' }],
        {
          routes: { '/': 1, '/gone': 2 },
          flows: { onboarding: 3 },
        },
      ),
    ).toEqual([
      '/switch-practice has no budget in scripts/bundle-budget.json',
      'the flow wizard has no budget in scripts/bundle-budget.json',
      'the budget of /gone names no route of src/app/routes.tsx',
      'the budget of the flow onboarding names no step of machines/onboarding-steps.ts',
    ]);
  });
});

describe('reportRoutes', () => {
  it('fails on a route whose screen it cannot find, instead of leaving the route out', () => {
    const source = "export const oddRoute = createRoute({ path: '/odd', component: makeScreen() });\n";
    expect(() => reportRoutes(source)).toThrow('no screen found for /odd');
  });
});
