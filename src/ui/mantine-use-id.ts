import { useId as useReactId } from 'react';

/**
 * `useId` of `@mantine/hooks` as the app's build has it (scripts/vite-mantine.ts, decision
 * 197): the id of Mantine's own first render, `mantine-` and React's `useId`, kept for the
 * component's life. Mantine's version replaces it with a random id in a layout effect on mount, so
 * every control that names its label, description or error with it was rendered and committed twice
 * when it appeared. React's id is already unique across the page's roots and stable from the first
 * render. A static id, when given, wins, as in Mantine.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
