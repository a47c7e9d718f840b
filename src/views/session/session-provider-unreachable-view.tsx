import { Anchor, Button, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { ErrorScreen, safeEmail } from '../../ui/errors/error-screen';
import { FailureActions } from '../../ui/errors/failure-actions';

export interface SessionProviderUnreachableViewProps {
  supportEmail: string;
  supportUrl: string;
  marketingSiteUrl: string;
  /** Starts the same login again. */
  onRetry: () => void;
  /** Back to the page the login was started from. */
  onBack: () => void;
}

/**
 * A login stopped before leaving because the identity provider could not be reached (the session
 * machine's `providerUnreachable`; docs/decisions/022-guard-sign-in-pending.md): what
 * happened, Try again, Go back, and how to reach support. Rendered by the shell in place of the
 * page, so it ships with the first chunk. Its heading takes the focus, as a new page's would.
 */
export function SessionProviderUnreachableView({
  supportEmail,
  supportUrl,
  marketingSiteUrl,
  onRetry,
  onBack,
}: SessionProviderUnreachableViewProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const heading = root.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, []);
  const email = safeEmail(supportEmail);
  return (
    <div ref={root} data-testid="provider-unreachable">
      <ErrorScreen
        screen="provider-unreachable"
        marketingSiteUrl={marketingSiteUrl}
        title={
          <FormattedMessage
            id="session.providerUnreachable.title"
            defaultMessage="We can't reach the sign-in service"
            description="Heading shown when a sign-in button was pressed but the identity provider could not be reached"
          />
        }
        subtitle={
          <FormattedMessage
            id="session.providerUnreachable.subtitle"
            defaultMessage="Signing in isn't possible at the moment. Check your internet connection, then try again."
            description="Shown under the heading when the identity provider could not be reached"
          />
        }
        actions={
          <FailureActions onRetry={onRetry} testId="provider-unreachable" supportUrl={supportUrl}>
            <Button variant="default" onClick={onBack} data-testid="provider-unreachable-back">
              <FormattedMessage
                id="session.providerUnreachable.back"
                defaultMessage="Go back"
                description="Identity provider unreachable: return to the page the sign-in was started from"
              />
            </Button>
          </FailureActions>
        }
      >
        {email ? (
          <Text data-testid="support-prompt">
            <FormattedMessage
              id="session.providerUnreachable.contact"
              defaultMessage="If it keeps happening, contact support at {email}"
              description="Identity provider unreachable: {email} is the support address as a mailto link"
              values={{
                email: (
                  <Anchor href={`mailto:${email}`} data-testid="support-email">
                    {email}
                  </Anchor>
                ),
              }}
            />
          </Text>
        ) : null}
      </ErrorScreen>
    </div>
  );
}
