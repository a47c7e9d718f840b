import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { ServerErrorPage } from '../../views/errors/server-error-page';
import { readStoredPage } from '../stored-page';

/**
 * /server-error: Try again returns to the page the failure happened on (the stored page, spec §2:
 * /server-error itself is never stored; `/` when nothing is), which runs its flow again. After a
 * network drop it does so by itself as soon as the browser is back online.
 */
export function ServerErrorScreen() {
  const router = useRouter();
  const [retryTo] = useState(() => readStoredPage('/'));
  const retry = useCallback(() => void router.navigate({ href: retryTo, replace: true }), [router, retryTo]);
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return <ServerErrorPage onRetry={retry} />;
}
