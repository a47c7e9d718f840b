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
    .flatMap((block): Array<{ path: string; module: string | undefined }> => {
      const module = screenOf(block);
      if (/\bid:\s*onboardingFlowRouteId\b/.test(block))
        return onboardingStepTable.map((step) => ({ path: step.path, module }));
      const path = /(?:route\(\s*|path:\s*)'([^']+)'/.exec(block)?.[1];
      return path === undefined ? [] : [{ path, module }];
    });
  return routes.map(({ path, module }) => {
    if (module === undefined) throw new Error(`bundle: no screen found for ${path} in ${routesFile}`);
    return { path, module };
  });
}

/** A route without a budget, and a budget that names no route (scripts/bundle-budget.json). */
export function budgetMismatches(routes: readonly string[], budgets: Record<string, number>): string[] {
  return [
    ...routes
      .filter((path) => !Object.hasOwn(budgets, path))
      .map((path) => `${path} has no budget in scripts/bundle-budget.json`),
    ...Object.keys(budgets)
      .filter((path) => !routes.includes(path))
      .map((path) => `the budget of ${path} names no route of ${routesFile}`),
  ];
}
