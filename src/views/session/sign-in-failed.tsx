import { Alert, Button, Center, Group, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { authErrorMessage } from './auth-error-messages';
import { signInMessages } from './sign-in-messages';

export interface SignInFailedProps {
  /** The session's error code (spec §8); the message is chosen from it. */
  errorCode: string | null;
  onRetry: () => void;
  onHome: () => void;
}

/**
 * 'We couldn't sign you in' with what went wrong, 'Sign in again' and 'Go to the home page'.
 * Shown by /auth/redirect when the return from the provider fails, and by a signed-in-only route
 * when its redirect login could not start (src/views/session/session-sign-in-pending-view.tsx).
 */
export function SignInFailed({ errorCode, onRetry, onHome }: SignInFailedProps) {
  const intl = useIntl();
  return (
    <Center mih="60vh" p="md" data-testid="sign-in-failed">
      <Stack align="center" gap="md" maw={480}>
        <Title order={1}>{intl.formatMessage(signInMessages.failedTitle)}</Title>
        <Alert color="red" w="100%" role="alert" data-error-code={errorCode ?? ''}>
          {intl.formatMessage(authErrorMessage(errorCode))}
        </Alert>
        <Group>
          <Button onClick={onRetry}>{intl.formatMessage(signInMessages.signInAgain)}</Button>
          <Button variant="default" onClick={onHome}>
            {intl.formatMessage(signInMessages.home)}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
