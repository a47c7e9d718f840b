import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { onboardingStepTable } from '#machines/onboarding-steps';

/**
 * The routes of the bundle report (scripts/bundle-report.ts), each with the module of the screen it
 * shows (from the repository root). The routes declared with a literal path in src/app/routes.tsx,
 * and in their place in the tree, one route per step of the step table (machines/onboarding-steps.ts,
 * decision 160), each shown by the flow layout's screen. A route whose screen cannot be found is an
 * error, never a route left out; scripts/bundle-routes.test.ts checks that the list is exactly the
 * real route tree's.
 */
export interface ReportRoute {
  path: string;
  module: string;
  /** The flow whose one budget the route counts against (a step's `bundle` in the table), if any. */
  flow?: string;
}

/** scripts/bundle-budget.json: a budget per route, and one per flow for every route of the flow. */
export interface Budgets {
  routes: Record<string, number>;
  flows: Record<string, number>;
}

const routesFile = 'src/app/routes.tsx';

export function reportRoutes(
  source = readFileSync(join(import.meta.dirname, '..', routesFile), 'utf8'),
): ReportRoute[] {
  // A screen is loaded lazily (`import('./screens/…')`) or imported by routes.tsx (`component: X`).
  const screenOf = (block: string): string | undefined => {
    const component = /component:\s*(\w+)\s*,/.exec(block)?.[1];
    const specifier =
      /import\('([^']+)'\)/.exec(block)?.[1] ??
      (component && new RegExp(`import \\{[^}]*\\b${component}\\b[^}]*\\} from '([^']+)'`).exec(source)?.[1]);
    return specifier ? `${join('src/app', specifier)}.tsx` : undefined;
  };
  const routes = source
    .split(/^export const /m)
    .slice(1)
    .flatMap((block): Array<{ path: string; module: string | undefined; flow?: string }> => {
      const module = screenOf(block);
      if (/\bid:\s*onboardingFlowRouteId\b/.test(block))
        return onboardingStepTable.map((step) => ({ path: step.path, module, flow: step.bundle }));
      const path = /(?:route\(\s*|path:\s*)'([^']+)'/.exec(block)?.[1];
      return path === undefined ? [] : [{ path, module }];
    });
  return routes.map(({ path, module, flow }) => {
    if (module === undefined) throw new Error(`bundle: no screen found for ${path} in ${routesFile}`);
    return flow === undefined ? { path, module } : { path, module, flow };
  });
}

/** The budget a route counts against: its flow's, or its own. */
export const budgetOf = (route: Omit<ReportRoute, 'module'>, budgets: Budgets): number | undefined =>
  route.flow === undefined ? budgets.routes[route.path] : budgets.flows[route.flow];

/** A route without a budget, and a budget that names no route or flow (scripts/bundle-budget.json). */
export function budgetMismatches(routes: readonly Omit<ReportRoute, 'module'>[], budgets: Budgets): string[] {
  const own = routes.filter((r) => r.flow === undefined).map((r) => r.path);
  const flows = routes.flatMap((r) => (r.flow === undefined ? [] : [r.flow]));
  return [
    ...routes
      .filter((route) => budgetOf(route, budgets) === undefined)
      .map(
        (r) =>
          `${r.flow === undefined ? r.path : `the flow ${r.flow}`} has no budget in scripts/bundle-budget.json`,
      ),
    ...Object.keys(budgets.routes)
      .filter((path) => !own.includes(path))
      .map((path) => `the budget of ${path} names no route of ${routesFile}`),
    ...Object.keys(budgets.flows)
      .filter((flow) => !flows.includes(flow))
      .map((flow) => `the budget of the flow ${flow} names no step of machines/onboarding-steps.ts`),
  ];
}
