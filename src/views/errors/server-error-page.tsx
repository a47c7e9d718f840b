import { useRuntimeConfig } from '../../app/actors-context';
import { GenericFailureScreen } from '../../ui/errors/error-screen';

/** /server-error: the generic failure screen (spec §2). */
export function ServerErrorPage() {
  const { app } = useRuntimeConfig();
  return <GenericFailureScreen marketingSiteUrl={app.marketingSiteUrl} supportEmail={app.supportEmail} />;
}
