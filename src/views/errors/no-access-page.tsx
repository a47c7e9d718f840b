import { useRuntimeConfig } from '../../app/actors-context';
import { NoAccessScreen } from '../../ui/errors/error-screen';

/** /no-access (spec §2). */
export function NoAccessPage() {
  const { app } = useRuntimeConfig();
  return (
    <NoAccessScreen
      marketingSiteUrl={app.marketingSiteUrl}
      supportEmail={app.supportEmail}
      supportUrl={app.supportUrl}
    />
  );
}
