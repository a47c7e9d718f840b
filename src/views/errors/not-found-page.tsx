import { useRuntimeConfig } from '../../app/actors-context';
import { NotFoundScreen } from '../../ui/errors/error-screen';

/** /not-found and the catch-all (spec §2). */
export function NotFoundPage() {
  const { app } = useRuntimeConfig();
  return <NotFoundScreen marketingSiteUrl={app.marketingSiteUrl} />;
}
