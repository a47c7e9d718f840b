import { GenericFailureScreen } from '../../ui/errors/error-screen';
import { FailureActions } from '../../ui/errors/failure-actions';
import { useRuntimeConfig } from '../../ui/runtime-config';
import { supportLinksOf } from '../../ui/support-defaults';

/**
 * /server-error: the generic failure screen (spec §2), with a way on: Try again (the page the
 * failure happened on, decided by the route's screen) and Contact us.
 */
export function ServerErrorView({ onRetry }: { onRetry: () => void }) {
  // The configured support links, or the built-in ones (decision 006).
  const links = supportLinksOf(useRuntimeConfig().app);
  return (
    <GenericFailureScreen
      marketingSiteUrl={links.marketingSiteUrl}
      supportEmail={links.supportEmail}
      actions={<FailureActions onRetry={onRetry} testId="server-error" supportUrl={links.supportUrl} />}
    />
  );
}
