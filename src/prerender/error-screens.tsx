import type { ReactElement } from 'react';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { RootActors } from '../app/root-actors';
import { NoAccessView } from '../views/errors/no-access-view';
import { NotFoundView } from '../views/errors/not-found-view';
import { RedirectedView } from '../views/errors/redirected-view';
import { ServerErrorView } from '../views/errors/server-error-view';

type ScreenFactory = (actors: RootActors, config: RuntimeConfig) => Promise<() => ReactElement>;

const page =
  (Page: () => ReactElement): ScreenFactory =>
  async () =>
    Page;

/** The error screens of spec §2: no machine, the page as the app renders it. */
export const errorScreens: Record<string, ScreenFactory> = {
  // Try again works once the app has taken over (the shell guard queues a click made before).
  '/server-error': page(() => <ServerErrorView onRetry={() => undefined} />),
  '/not-found': page(NotFoundView),
  '/no-access': page(NoAccessView),
  '/redirected': page(RedirectedView),
};
