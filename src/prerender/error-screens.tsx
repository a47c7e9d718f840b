import type { ReactElement } from 'react';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { RootActors } from '../app/root-actors';
import { NoAccessPage } from '../views/errors/no-access-page';
import { NotFoundPage } from '../views/errors/not-found-page';
import { RedirectedPage } from '../views/errors/redirected-page';
import { ServerErrorPage } from '../views/errors/server-error-page';

type ScreenFactory = (actors: RootActors, config: RuntimeConfig) => Promise<() => ReactElement>;

const page =
  (Page: () => ReactElement): ScreenFactory =>
  async () =>
    Page;

/** The error screens of spec §2: no machine, the page as the app renders it. */
export const errorScreens: Record<string, ScreenFactory> = {
  // Try again works once the app has taken over (the shell guard queues a click made before).
  '/server-error': page(() => <ServerErrorPage onRetry={() => undefined} />),
  '/not-found': page(NotFoundPage),
  '/no-access': page(NoAccessPage),
  '/redirected': page(RedirectedPage),
};
