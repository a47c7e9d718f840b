import { ServerErrorView } from '../../views/errors/server-error-view';
import { useFailureExitsActor } from '../live/failure-exits';
import { readStoredPage } from '../stored-page';

/**
 * /server-error: Try again returns to the page the failure happened on (the stored page, spec §2:
 * /server-error itself is never stored; `/` when nothing is), which runs its flow again. After a
 * network drop it does so by itself as soon as the browser is back online
 * (machines/failure-exits.machine.ts).
 */
export function ServerErrorScreen() {
  const exits = useFailureExitsActor(() => ({ retryTo: readStoredPage('/'), retryWhenOnline: true }));
  return <ServerErrorView onRetry={() => exits.send({ type: 'exit.retry' })} />;
}
