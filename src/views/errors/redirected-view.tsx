import { RedirectedScreen } from '../../ui/errors/error-screen';
import { useRuntimeConfig } from '../../ui/runtime-config';

/** /redirected (spec §2). */
export function RedirectedView() {
  const { app } = useRuntimeConfig();
  return <RedirectedScreen marketingSiteUrl={app.marketingSiteUrl} />;
}
