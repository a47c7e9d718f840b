import { NoAccessScreen } from '../../ui/errors/error-screen';
import { useRuntimeConfig } from '../../ui/runtime-config';

/** /no-access (spec §2). */
export function NoAccessView() {
  const { app } = useRuntimeConfig();
  return (
    <NoAccessScreen
      marketingSiteUrl={app.marketingSiteUrl}
      supportEmail={app.supportEmail}
      supportUrl={app.supportUrl}
    />
  );
}
