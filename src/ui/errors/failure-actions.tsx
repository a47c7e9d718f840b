import { Anchor, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface FailureActionsProps {
  /** Try again: what is tried again is the screen's to say. */
  onRetry: () => void;
  /** Data attributes for the group (what failed, by kind: tests and support read them). */
  data?: Record<`data-${string}`, string>;
  /** Try again is under way (the button shows busy and waits). */
  retrying?: boolean;
  /** Names the retry button for tests: `<testId>-retry`. */
  testId: string;
  /** The support page; without one, no link. */
  supportUrl?: string | undefined;
  /** Ways on between Try again and Contact us (Logout, Go back). */
  children?: ReactNode;
}

/**
 * The way on of every failure screen (the route's, the app's, /server-error, the identity provider
 * unreachable): Try again, the screen's own ways on, and Contact us (decisions 006, 195 and 022).
 */
export function FailureActions({
  onRetry,
  retrying = false,
  testId,
  supportUrl,
  children,
}: FailureActionsProps) {
  return (
    <Group justify="center" gap="sm">
      <Button onClick={onRetry} loading={retrying} data-testid={`${testId}-retry`}>
        <FormattedMessage
          id="errors.actions.retry"
          defaultMessage="Try again"
          description="A failure screen: try what failed again (the page, the app, the sign-in)"
        />
      </Button>
      {children}
      {supportUrl ? (
        <Anchor href={supportUrl} data-testid="support-page">
          <FormattedMessage
            id="errors.actions.contactUs"
            defaultMessage="Contact us"
            description="A failure screen: link to the support page"
          />
        </Anchor>
      ) : null}
    </Group>
  );
}
