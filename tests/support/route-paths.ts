import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import type { RouterContext } from '../../src/app/router-context';
import { routeTree } from '../../src/app/routes';

/**
 * The addresses of the real route tree (`fullPath`, parameters as `$name`): every route with a
 * path of its own — not the root, not pathless layouts (the onboarding flow's). Only the route
 * table is read (no route loads), so the router context is never used.
 */
export function routePathsOfTheApp(): string[] {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: {} as RouterContext,
  });
  return Object.values(
    router.routesById as Record<string, { id: string; fullPath: string; options: { path?: string } }>,
  )
    .filter((r) => r.id !== '__root__' && r.options.path !== undefined)
    .map((r) => r.fullPath);
}
