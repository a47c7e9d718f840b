import { NotFoundScreen } from '../../ui/errors/error-screen';
import { useRuntimeConfig } from '../../ui/runtime-config';

/** /not-found and the catch-all (spec §2). */
export function NotFoundView() {
  const { app } = useRuntimeConfig();
  return <NotFoundScreen marketingSiteUrl={app.marketingSiteUrl} />;
}
