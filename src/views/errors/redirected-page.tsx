import { useRuntimeConfig } from '../../app/actors-context';
import { RedirectedScreen } from '../../ui/errors/error-screen';

/** /redirected (spec §2). */
export function RedirectedPage() {
  const { app } = useRuntimeConfig();
  return <RedirectedScreen marketingSiteUrl={app.marketingSiteUrl} />;
}
