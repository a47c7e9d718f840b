import { useCallback, useEffect, useState } from 'react';
import { ServerErrorView } from '../../views/errors/server-error-view';
import { useNavigate } from '../live/navigate';
import { readStoredPage } from '../stored-page';

/**
 * /server-error: Try again returns to the page the failure happened on (the stored page, spec §2:
 * /server-error itself is never stored; `/` when nothing is), which runs its flow again. After a
 * network drop it does so by itself as soon as the browser is back online.
 */
export function ServerErrorScreen() {
  const navigate = useNavigate();
  const [retryTo] = useState(() => readStoredPage('/'));
  const retry = useCallback(() => navigate({ to: retryTo, replace: true }), [navigate, retryTo]);
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return <ServerErrorView onRetry={retry} />;
}
