import type { ReactElement } from 'react';
import { NoAccessView } from '../views/errors/no-access-view';
import { NotFoundView } from '../views/errors/not-found-view';
import { RedirectedView } from '../views/errors/redirected-view';
import { ServerErrorView } from '../views/errors/server-error-view';
import type { ScreenFactory } from './screen-factory';

const page =
  (Page: () => ReactElement): ScreenFactory =>
  async () => ({ render: Page });

/** The error screens of spec §2: no machine, the page as the app renders it. */
export const errorScreens: Record<string, ScreenFactory> = {
  // Try again works once the app has taken over (the shell guard queues a click made before).
  '/server-error': page(() => <ServerErrorView onRetry={() => undefined} />),
  '/not-found': page(NotFoundView),
  '/no-access': page(NoAccessView),
  '/redirected': page(RedirectedView),
};
