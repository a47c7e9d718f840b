import { Anchor, Button, Group } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useRuntimeConfig } from '../../app/actors-context';
import { GenericFailureScreen } from '../../ui/errors/error-screen';

/**
 * /server-error: the generic failure screen (spec §2), with a way on: Try again (the page the
 * failure happened on, decided by the route's screen) and Contact us.
 */
export function ServerErrorPage({ onRetry }: { onRetry: () => void }) {
  const { app } = useRuntimeConfig();
  return (
    <GenericFailureScreen
      marketingSiteUrl={app.marketingSiteUrl}
      supportEmail={app.supportEmail}
      actions={
        <Group justify="center" gap="sm">
          <Button onClick={onRetry} data-testid="server-error-retry">
            <FormattedMessage
              id="errors.serverError.retry"
              defaultMessage="Try again"
              description="/server-error: go back to the page where the failure happened and try it again"
            />
          </Button>
          {app.supportUrl ? (
            <Anchor href={app.supportUrl} data-testid="support-page">
              <FormattedMessage
                id="errors.serverError.contactUs"
                defaultMessage="Contact us"
                description="/server-error: link to the support page"
              />
            </Anchor>
          ) : null}
        </Group>
      }
    />
  );
}
